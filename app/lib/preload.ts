import { preload } from "react-dom";

/**
 * Announces the page's largest picture (its LCP element) from the document head, where React puts
 * preloads while rendering on the server, so the browser fetches it before the scripts it would otherwise
 * find first. The <img> itself stays eager with fetchPriority="high". A responsive picture is announced
 * with its srcset and sizes (<link rel=preload as=image imagesrcset imagesizes>) and, for a <picture>
 * source, its type: a browser that cannot show that type skips the preload rather than fetch twice.
 */
export function preloadLcpImage(src: string, responsive?: { srcSet: string; sizes: string; type?: string }): void {
  // In the browser the picture is already on its way by the time this runs (the server's preload, or the <img> it
  // renders beside it), and each call makes React search the head, which costs a slowed phone's hydration.
  if (typeof document !== "undefined") return;
  preload(src, {
    as: "image",
    fetchPriority: "high",
    ...(responsive ? { imageSrcSet: responsive.srcSet, imageSizes: responsive.sizes, type: responsive.type } : {}),
  });
}
