import { preload } from "react-dom";

/**
 * Announces the page's largest picture (its LCP element) from the document head, where React puts
 * preloads while rendering on the server, so the browser fetches it before the scripts it would otherwise
 * find first. The <img> itself stays eager with fetchPriority="high".
 */
export function preloadLcpImage(src: string): void {
  preload(src, { as: "image", fetchPriority: "high" });
}
