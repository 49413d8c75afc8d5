import { MAX_PRICE_LIST_BYTES } from "../core/catalogue/price-list-rules.ts";
import { SELLER_FORM_MAX_BYTES } from "../core/leads/seller-photos.server.ts";
import { MAX_IMAGE_BYTES } from "../core/media/image-pipeline.server.ts";
import { STOCK_FEED_BODY_LIMITS } from "./api/stock-feed.ts";
import type { BodyLimitRule } from "./middleware/request-guard.ts";
import { pageAndDataRequestPaths } from "../app/framework/data-requests.ts";

/**
 * A vehicle's photo upload in the back office (one photo of up to 20 MB from the page's script, or as many
 * as fit in 20 MB from a browser without JavaScript).
 */
export const STAFF_PHOTO_UPLOAD_LIMITS: readonly BodyLimitRule[] = pageAndDataRequestPaths(
  "/staff/stock/:id/photos",
).map((path) => ({
  path,
  maxBodyBytes: MAX_IMAGE_BYTES + 64 * 1024,
}));

/**
 * The back office's content forms, which carry their image (up to 20 MB) with the fields: a blog
 * post's hero image or an image for its body, a special's or a banner's image, a range model's brochure (10 MB)
 * or gallery picture, a range colour's picture; at the page and at its React Router data address.
 */
const STAFF_CONTENT_UPLOAD_LIMITS: readonly BodyLimitRule[] = [
  "/staff/blog/new",
  "/staff/blog/:id",
  "/staff/specials/new",
  "/staff/specials/:id",
  "/staff/banners/new",
  "/staff/banners/:id",
  "/staff/range/:id",
  "/staff/range/colours/:id",
].flatMap((page) =>
  pageAndDataRequestPaths(page).map((path) => ({ path, maxBodyBytes: MAX_IMAGE_BYTES + 256 * 1024 })),
);

/** The maker's price list upload (CSV or XLSX, up to 10 MB, with its date and time), at the page and its data address. */
export const STAFF_PRICE_LIST_LIMITS: readonly BodyLimitRule[] = pageAndDataRequestPaths("/staff/range/prices").map(
  (path) => ({ path, maxBodyBytes: MAX_PRICE_LIST_BYTES + 64 * 1024 }),
);

/**
 * The page routes that may send more than the request guard's 64 KB: the sell-your-car form with its
 * photos, at the page and at its React Router data address, under / and /dealer/{name}.
 */
export const PAGE_BODY_LIMITS: readonly BodyLimitRule[] = [
  "/sell-your-car",
  "/dealer/:dealerName/sell-your-car",
].flatMap((page) => pageAndDataRequestPaths(page).map((path) => ({ path, maxBodyBytes: SELLER_FORM_MAX_BYTES })));

/**
 * Every route whose writes may carry more than the request guard's 64 KB, and no other: the stock feed and its
 * back-office upload, the staff photo upload, the content forms (blog posts, specials, banners), the maker's price list, and the sell-your-car form. createApp applies this list.
 */
export const ROUTE_BODY_LIMITS: readonly BodyLimitRule[] = [
  ...STOCK_FEED_BODY_LIMITS,
  ...STAFF_PHOTO_UPLOAD_LIMITS,
  ...STAFF_CONTENT_UPLOAD_LIMITS,
  ...STAFF_PRICE_LIST_LIMITS,
  ...PAGE_BODY_LIMITS,
];
