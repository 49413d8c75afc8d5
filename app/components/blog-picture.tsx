import type { PictureSources } from "../../core/content/blog.ts";
import { BLOG_IMAGE_SIZE } from "../../core/media/shapes.ts";
import { preloadLcpImage } from "../lib/preload.ts";

type Props = {
  post: { image: { uri: string }; picture?: PictureSources };
  sizes: string;
  className: string;
  /** The page's largest picture: fetched first and announced in the head (preload). */
  lcp?: boolean;
  eager?: boolean;
};

/**
 * A post's hero image: an uploaded one (issue 16) as <picture> with AVIF and WebP sources and a JPEG <img>
 * at every width; the seed's drawn illustrations as a plain <img>. Decorative: the title says what it is.
 */
export function BlogPicture({ post, sizes, className, lcp = false, eager = lcp }: Props) {
  const loading = eager ? "eager" : "lazy";
  const fetchPriority = lcp ? "high" : undefined;
  const { picture } = post;
  if (!picture) {
    if (lcp) preloadLcpImage(post.image.uri);
    return <img src={post.image.uri} alt="" width={BLOG_IMAGE_SIZE.width} height={BLOG_IMAGE_SIZE.height} loading={loading} fetchPriority={fetchPriority} className={className} />;
  }
  if (lcp) preloadLcpImage(picture.img.src, { srcSet: picture.sources[0]?.srcSet ?? picture.img.srcSet, sizes, type: picture.sources[0]?.type });
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={picture.img.src}
        srcSet={picture.img.srcSet}
        sizes={sizes}
        alt=""
        width={picture.img.width}
        height={picture.img.height}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        className={className}
      />
    </picture>
  );
}
