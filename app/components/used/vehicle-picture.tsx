import type { VehicleImage } from "../../../core/inventory/used-vehicles.server.ts";
import { VEHICLE_IMAGE_SIZE } from "../../../core/media/shapes.ts";
import { preloadLcpImage } from "../../lib/preload.ts";

/** Widths the picture takes on the page, for the browser to choose a rendition (a `sizes` attribute). */
export const CARD_SIZES = "(min-width: 1280px) 20rem, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw";
/** A used vehicle's card: as CARD_SIZES from `sm`, and beside the text (two fifths of the card) on a phone. */
export const VEHICLE_CARD_SIZES = "(min-width: 1280px) 20rem, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 40vw";
export const DETAIL_SIZES = "(min-width: 1280px) 46rem, (min-width: 1024px) 58vw, 100vw";
export const THUMBNAIL_SIZES = "(min-width: 1280px) 11rem, (min-width: 1024px) 14vw, 25vw";

type Props = {
  image: VehicleImage;
  alt: string;
  sizes: string;
  className: string;
  /** The page's largest picture: fetched first and announced in the head (preload). */
  lcp?: boolean;
  eager?: boolean;
  /** The size of a drawn (seeded) picture, which has no renditions: a vehicle's unless said otherwise (a blog post's hero, a banner). */
  artSize?: { width: number; height: number };
};

/**
 * A vehicle's picture: an uploaded photo as <picture> with AVIF and WebP sources and a JPEG <img>, each with
 * every width (srcset) and the layout's `sizes`; seeded artwork as a plain <img>. Banners and specials
 * uploaded in the back office show the same way. Width and height give
 * the box its shape before the picture arrives.
 */
export function VehiclePicture({
  image,
  alt,
  sizes,
  className,
  lcp = false,
  eager = lcp,
  artSize = VEHICLE_IMAGE_SIZE,
}: Props) {
  const loading = eager ? "eager" : "lazy";
  const fetchPriority = lcp ? "high" : undefined;
  // The page's largest picture is decoded with the frame that paints it: "async" let the browser paint the
  // page first and the picture a frame or more later, which is when the largest contentful paint is counted.
  const decoding = lcp ? undefined : "async";
  const { picture } = image;
  if (image.uri === "") return <NoPhotoYet alt={alt} className={className} size={artSize} />;
  if (!picture) {
    if (lcp) preloadLcpImage(image.uri);
    return (
      <img
        src={image.uri}
        alt={alt}
        width={artSize.width}
        height={artSize.height}
        loading={loading}
        decoding={decoding}
        fetchPriority={fetchPriority}
        className={className}
      />
    );
  }
  if (lcp)
    preloadLcpImage(picture.img.src, {
      srcSet: picture.sources[0]?.srcSet ?? picture.img.srcSet,
      sizes,
      type: picture.sources[0]?.type,
    });
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={picture.img.src}
        srcSet={picture.img.srcSet}
        sizes={sizes}
        alt={alt}
        width={picture.img.width}
        height={picture.img.height}
        loading={loading}
        decoding={decoding}
        fetchPriority={fetchPriority}
        className={className}
      />
    </picture>
  );
}

/**
 * A vehicle listed without photos (a dealer's feed may send them later): a box of the picture's shape that says so,
 * instead of an image with no address, which a browser would answer by fetching the page again.
 */
function NoPhotoYet({
  alt,
  className,
  size,
}: {
  alt: string;
  className: string;
  size: { width: number; height: number };
}) {
  return (
    <div
      role="img"
      aria-label={`${alt}: photos to follow`}
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
      className={`${className} flex items-center justify-center bg-gray-100 text-sm text-gray-700`}
    >
      <span aria-hidden="true">Photos to follow</span>
    </div>
  );
}
