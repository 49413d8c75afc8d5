import { SELLER_FORM_MAX_BYTES } from "../app/lib/seller-photos.server.ts";
import type { BodyLimitRule } from "./middleware/request-guard.ts";

/**
 * The page routes that may send more than the request guard's 64 KB: the sell-your-car form with its
 * photos (issue 18), at the page and at its React Router data address, under / and /dealer/{name}.
 */
export const PAGE_BODY_LIMITS: readonly BodyLimitRule[] = ["/sell-your-car", "/dealer/:dealerName/sell-your-car"].flatMap((path) => [
  { path, maxBodyBytes: SELLER_FORM_MAX_BYTES },
  { path: `${path}.data`, maxBodyBytes: SELLER_FORM_MAX_BYTES },
]);
