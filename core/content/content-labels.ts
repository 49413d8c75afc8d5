/**
 * Names of specials, deals and banners that pages and the back office's forms share: no server-only
 * imports, as they are bundled into pages.
 */

export const BANNER_TYPES = ["", "Car", "Motorcycle"] as const;
export type BannerType = (typeof BANNER_TYPES)[number];
/** How the back office names each type: '' is the home page's (general) banners. */
export const BANNER_TYPE_LABELS: Record<BannerType, string> = {
  "": "General (home page)",
  Car: "Car (new-car pages)",
  Motorcycle: "Motorcycle (Honda Wing pages)",
};
export const DEFAULT_BANNER_BUTTON_TEXT = "Explore more";

export type DealKind = "special" | "service";
export const DEAL_KINDS: readonly DealKind[] = ["special", "service"];

export const DEAL_FIELD_LABELS = {
  title: "Title",
  slug: "Address (slug)",
  kind: "Kind",
  dealer: "Dealer",
  summary: "Summary",
  startsAt: "Valid from",
  endsAt: "Valid until",
  sortOrder: "Order",
  image: "Banner image",
} as const;
export type DealField = keyof typeof DEAL_FIELD_LABELS;

export const BANNER_FIELD_LABELS = {
  title: "Title",
  type: "Type",
  buttonText: "Button text",
  buttonUrl: "Link",
  dealer: "Dealer",
  sortOrder: "Order",
  startsAt: "Shown from",
  endsAt: "Shown until",
  image: "Image",
} as const;
export type BannerField = keyof typeof BANNER_FIELD_LABELS;

/** The address of a deal's image as an <img> src: the seed's file names are under /uploads/ (decision 035). */
export function dealImageSrc(image: string): string {
  return image.startsWith("/") ? image : `/uploads/${image}`;
}
