import type { PictureSources } from "../../core/content/blog.server.ts";
import { BLOG_IMAGE_SIZE } from "../../core/media/shapes.ts";
import { VehiclePicture } from "./used/vehicle-picture.tsx";

type Props = {
  post: { image: { uri: string }; picture?: PictureSources };
  sizes: string;
  className: string;
  lcp?: boolean;
  eager?: boolean;
};

/**
 * A post's hero image, as a vehicle's photo is shown: an uploaded one as <picture> with AVIF and
 * WebP sources and a JPEG <img> at every width; the seed's drawn illustrations as a plain <img>.
 * Decorative: the title says what the post is.
 */
export function BlogPicture({ post, ...rest }: Props) {
  return (
    <VehiclePicture image={{ uri: post.image.uri, picture: post.picture }} alt="" artSize={BLOG_IMAGE_SIZE} {...rest} />
  );
}
