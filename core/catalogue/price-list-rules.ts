/** The maker's price list's limits, shared by the upload page and the service (core/catalogue/price-list.server.ts). */

/** The largest price list accepted (a maker's list of the whole range is a few hundred rows, well under 1 MB). */
export const MAX_PRICE_LIST_BYTES = 10 * 1024 * 1024;
/** A change beyond this share either way is flagged in the preview (a typing mistake, or the wrong column). */
export const FLAG_PERCENT = 25;
