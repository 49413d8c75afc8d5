import { renditionUrl } from "../media/image-pipeline.server.ts";
import { VEHICLE_IMAGE_SIZE } from "../media/shapes.ts";
import { dealerWords } from "../inventory/dealer-words.ts";
import type { StockRow } from "../inventory/used-vehicles.server.ts";
import type { StockStatus } from "../inventory/stock-schema.ts";

/** A picture a channel may be given: its address on this site and its size in pixels (0 when unknown). */
export type FeedImage = { path: string; width: number; height: number };

/**
 * A used or demo vehicle as every channel reads it: a plain view of the in-memory stock record (the one the
 * vehicle page, its JSON-LD and the sitemap read), so no feed can disagree with the page on price, status
 * or photos.
 */
export type ChannelVehicle = {
  id: number;
  dealerId: number;
  dealerSlug: string;
  dealerName: string;
  make: string;
  model: string;
  variant: string;
  year: number;
  mileageKm: number;
  price: number;
  transmission: string;
  fuelType: string;
  /** 'Used' or 'Demo'. */
  state: string;
  exteriorColor: string;
  bodyType: string;
  status: StockStatus;
  vin: string | null;
  stockNumber: string | null;
  registration: string | null;
  mmCode: string | null;
  /** The dealer's words: its description and, after it, the features and extras it lists (dealerWords). */
  description: string | null;
  /** The vehicle's page on this site (a path). */
  path: string;
  /** Every picture in the page's order, as the channels may fetch it (see `feedImageOf`). */
  images: FeedImage[];
  updatedAt: Date;
};

/** The JPEG the image pipeline renders from a drawn vehicle picture (server/media.ts): the drawing's shape, 1.6 times larger. */
export const ARTWORK_JPEG_SIZE = {
  width: VEHICLE_IMAGE_SIZE.width * 1.6,
  height: VEHICLE_IMAGE_SIZE.height * 1.6,
} as const;

const ARTWORK_SVG = /^\/media\/vehicles\/[^/]+\/[^/]+\/[^/]+\.svg$/;

/**
 * The picture a channel gets for one of the vehicle's pictures: an uploaded photo's largest JPEG rendition,
 * a drawing's JPEG rendering (channels refuse SVG), or the address as stored (its size unknown).
 */
function feedImageOf([uri, renditions]: StockRow["images"][number]): FeedImage {
  if (renditions) {
    const jpegs = renditions.filter(([, format]) => format === "jpeg");
    const largest = jpegs.at(-1);
    if (largest) return { path: renditionUrl(largest[0], "jpeg"), width: largest[2], height: largest[3] };
  }
  if (ARTWORK_SVG.test(uri)) return { path: uri.replace(/\.svg$/, ".jpg"), ...ARTWORK_JPEG_SIZE };
  return { path: uri, width: 0, height: 0 };
}

export function channelVehicleOf(row: StockRow): ChannelVehicle {
  const [make, makeSlug] = row.make;
  const [model, modelSlug] = row.model;
  const [dealerName, dealerSlug] = row.dealer;
  return {
    id: row.id,
    dealerId: row.dealerId,
    dealerSlug,
    dealerName,
    make,
    model,
    variant: row.variant,
    year: row.year,
    mileageKm: row.mileageKm,
    price: row.price,
    transmission: row.transmission,
    fuelType: row.fuelType,
    state: row.state,
    exteriorColor: row.exteriorColor,
    bodyType: row.bodyType,
    status: row.status,
    vin: row.vin,
    stockNumber: row.stockNumber,
    registration: row.registration,
    mmCode: row.mmCode,
    description: dealerWords(row.description, row.features),
    path: `/used/${makeSlug}/${modelSlug}/${row.id}`,
    images: row.images.map(feedImageOf),
    updatedAt: row.updatedAt,
  };
}
