import type { VehicleShape } from "../../core/media/shapes.ts";

export type CatalogueVariant = {
  name: string;
  slug: string;
  /** The variant's eight-digit Mead & McGrouther code, unique in the range: how makers' price lists name it. */
  mmCode: string;
  /** Rand, VAT included. */
  price: number;
  powerKw: number;
  torqueNm: number;
  /** e.g. 'CVT', '6-speed manual', '6-speed DCT'. */
  transmission: string;
  transmissionType: "Automatic" | "Manual";
};

export type CatalogueModel = {
  name: string;
  slug: string;
  type: "car" | "motorcycle";
  shape: VehicleShape;
  /** Two or three sentences of original marketing copy. */
  description: string;
  /** Colour names as a dealer would list them, with a plausible hex paint code (#rrggbb). */
  colours: { name: string; colorCode: string }[];
  variants: CatalogueVariant[];
  /** Cars have a brochure; motorcycles do not (product.md §2). */
  hasBrochure: boolean;
  /** How many gallery pictures the model page shows (0 for none). */
  galleryCount: number;
};

export type SeedBanner = {
  type: "" | "Car" | "Motorcycle";
  title: string;
  shape: VehicleShape;
  colorCode: string;
  buttonUrl: string;
  buttonText?: string;
};

export type SeedDeal = {
  slug: string;
  kind: "special" | "service";
  title: string;
  summary: string;
  /** Slug of the dealer that runs it, or null for a group-wide deal. */
  dealerSlug: string | null;
  shape: VehicleShape;
  colorCode: string;
  /** ISO date. */
  validUntil: string;
};

export type SeedBlogPost = {
  slug: string;
  title: string;
  description: string;
  /** ISO date. */
  publishDate: string;
  author: string;
  /** Which illustration heads the post. */
  theme: "road-trip" | "service" | "safety" | "motorcycle" | "family" | "city" | "hybrid" | "finance";
  /** HTML: p, h2, h3, ul/ol/li, strong, em, a, blockquote only. */
  body: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string | null;
};
