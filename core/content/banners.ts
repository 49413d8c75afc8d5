import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { banners } from "../../db/schema.ts";

export const BANNER_TYPES = ["", "Car", "Motorcycle"] as const;
export type BannerType = (typeof BANNER_TYPES)[number];

/** SPEC section 7: 'new' asks for Car banners and 'honda-wing' for Motorcycle banners. */
const BANNER_TYPE_ALIASES: Record<string, BannerType> = {
  "": "",
  car: "Car",
  motorcycle: "Motorcycle",
  new: "Car",
  "honda-wing": "Motorcycle",
};

/** The banner type a query value asks for, or null when it names none. */
export function bannerTypeFor(raw: string | null): BannerType | null {
  return BANNER_TYPE_ALIASES[(raw ?? "").trim().toLowerCase()] ?? null;
}

/** SPEC section 3: Banner. */
export type BannerView = {
  id: number;
  title: string;
  type: BannerType;
  image: { uri: string };
  button: { url: string; text: string };
};

export async function listBanners(db: Database, type: BannerType): Promise<BannerView[]> {
  const rows = await db.select().from(banners).where(eq(banners.type, type)).orderBy(asc(banners.sortOrder));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    type: row.type as BannerType,
    image: { uri: row.imageUri },
    button: { url: row.buttonUrl, text: row.buttonText },
  }));
}
