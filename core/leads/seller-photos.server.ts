import { MAX_IMAGE_BYTES } from "../media/image-pipeline.server.ts";

/** Sell your car: at most this many photos. */
export const MAX_SELLER_PHOTOS = 8;
/** What the sell-your-car form may send: 8 photos at the pipeline's limit, and the form's text (server/body-limits.ts). */
export const SELLER_FORM_MAX_BYTES = MAX_SELLER_PHOTOS * MAX_IMAGE_BYTES + 256 * 1024;
