import { StringDecoder } from "node:string_decoder";
import { Transform, type TransformCallback } from "node:stream";

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * The page's script preloads at low fetch priority (issue 19, decision 036). React Router's <Scripts> writes a
 * `<link rel="modulepreload">` for every module the page hydrates with, which Chromium fetches at high
 * priority, beside the page's largest picture and ahead of the pictures below it; yet a server-rendered page
 * paints without its scripts (module scripts never block rendering). At low priority they load after what the
 * first paint needs and still before the page is idle. <Scripts> takes no attributes for its links, so the
 * rendered stream is rewritten here; a tag cut in two by the renderer's chunks is held back until it is whole.
 */
export function lowerModulePreloadPriority(): Transform {
  const decoder = new StringDecoder("utf8");
  let heldBack = "";
  const rewrite = (text: string) => text.replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      const text = heldBack + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const keep = partialTagAtEnd(text);
      heldBack = text.slice(text.length - keep);
      callback(null, rewrite(text.slice(0, text.length - keep)));
    },
    flush(callback: TransformCallback) {
      callback(null, rewrite(heldBack + decoder.end()));
    },
  });
}

/** How many characters at the end of `text` could be the start of a preload tag that the next chunk completes. */
function partialTagAtEnd(text: string): number {
  for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length--) {
    if (PRELOAD.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
