import { renderPromoSvg } from "./banner-art.ts";
import { UPLOAD_IMAGE_SIZE, VEHICLE_SHAPES, type VehicleShape } from "./shapes.ts";

/** After the shape: `{hex}-{anything}.svg`, where anything is letters, digits, '_' and '-' (no dots, no slashes). */
const REST = /^([0-9a-f]{6})-[a-z0-9_][a-z0-9_-]*\.svg$/;

/** Longest first, so that `hot-hatch-…` is never read as `hatch` and `compact-suv-…` never as `suv`. */
const SHAPES_LONGEST_FIRST = [...VEHICLE_SHAPES].sort((a, b) => b.length - a.length);

/**
 * Shape and colour named by an upload file name `{shape}-{hex}-{anything}.svg`
 * (e.g. `suv-c8102e-cr-v-winter-deal.svg`), or null when the name does not fit the pattern.
 * Case-insensitive; the hex comes back lower-case without '#'.
 */
export function parseUploadName(fileName: string): { shape: VehicleShape; hex: string } | null {
  if (fileName.length > 200) return null;
  const lower = fileName.toLowerCase();
  for (const shape of SHAPES_LONGEST_FIRST) {
    if (!lower.startsWith(`${shape}-`)) continue;
    const m = REST.exec(lower.slice(shape.length + 1));
    return m?.[1] ? { shape, hex: m[1] } : null;
  }
  return null;
}

/** The picture for `/uploads/{fileName}`, or null when the name is not one of ours. */
export function renderUploadSvg(fileName: string): string | null {
  const parsed = parseUploadName(fileName);
  if (!parsed) return null;
  return renderPromoSvg(parsed.shape, parsed.hex, UPLOAD_IMAGE_SIZE.width, UPLOAD_IMAGE_SIZE.height);
}
