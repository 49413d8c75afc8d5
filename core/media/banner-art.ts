import { normaliseHex } from "./colour.ts";
import { BANNER_SIZE, type VehicleShape } from "./shapes.ts";
import { drawVehicle, GROUND_Y, SHAPE_LABELS } from "./vehicle-art.ts";

export const BRAND_RED = "#c8102e";
export const BRAND_GREY = "#2b2d2f";

function n(v: number): string {
  return String(Math.round(v * 10) / 10);
}

/**
 * A wide promotional backdrop: brand dark grey with red diagonals on the left and centre, and the
 * vehicle large on the right, facing left into the picture. No text: the page lays its title over
 * the left part, which stays dark and calm.
 */
export function renderPromoSvg(shape: VehicleShape, hex: string, width: number, height: number): string {
  const h = normaliseHex(hex);
  const v = drawVehicle(shape, h, "v");
  const W = width;
  const H = height;
  // The vehicle drawing is 800 wide with its ground at GROUND_Y; scale it to the banner height.
  const k = (H * 0.78) / GROUND_Y;
  const floor = H * 0.9;
  // Centre the widest vehicle (about 650 of the 800 units) with a margin on the right.
  const cx = W - H * 0.06 - 330 * k;
  const tx = cx + 400 * k;
  const scale = String(Math.round(k * 1000) / 1000);
  const ty = floor - GROUND_Y * k;
  const slash = (x: number, w: number, lean: number): string =>
    `M${n(x)} 0H${n(x + w)}L${n(x + w - lean)} ${H}H${n(x - lean)}Z`;
  const lean = H * 0.45;
  const stage = Math.min(W * 0.42, cx - 300 * k);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img">` +
    `<title>${SHAPE_LABELS[shape]}</title><defs>` +
    `<linearGradient id="pa" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#232527"/><stop offset="1" stop-color="${BRAND_GREY}"/></linearGradient>` +
    `<linearGradient id="pb" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#55595d"/><stop offset=".85" stop-color="#3b3e41"/><stop offset="1" stop-color="#2f3234"/></linearGradient>` +
    `<radialGradient id="pc"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="pd" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e0233f"/><stop offset="1" stop-color="#9e0c24"/></linearGradient>` +
    `${v.defs}</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#pa)"/>` +
    `<path d="M${n(stage)} 0H${W}V${H}H${n(stage - lean)}Z" fill="url(#pb)"/>` +
    `<path d="${slash(stage - W * 0.05, W * 0.05, lean)}" fill="url(#pd)"/>` +
    `<path d="${slash(stage - W * 0.085, W * 0.012, lean)}" fill="${BRAND_RED}" opacity=".7"/>` +
    `<path d="${slash(stage + W * 0.012, W * 0.006, lean)}" fill="#fff" opacity=".18"/>` +
    `<path d="M${n(W - W * 0.16)} 0H${W}V${n(H * 0.34)}Z" fill="url(#pd)"/>` +
    `<path d="M${n(W * 0.05)} ${H}L${n(W * 0.05 + lean * 0.5)} ${n(H * 0.5)}H${n(W * 0.05 + lean * 0.5 + 40)}L${n(W * 0.05 + 40)} ${H}Z" fill="#fff" opacity=".04"/>` +
    `<rect y="${n(floor)}" width="${W}" height="${n(H - floor)}" fill="#000" opacity=".18"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(floor)}" rx="${n(380 * k)}" ry="${n(44 * k)}" fill="url(#pc)"/>` +
    `<g transform="translate(${n(tx)} ${n(ty)}) scale(-${scale} ${scale})">${v.body}</g>` +
    `</svg>`
  );
}

/** 1600x600 banner backdrop for the home-page carousel. `hex` is six hex digits (with or without '#'). */
export function renderBannerSvg(shape: VehicleShape, hex: string): string {
  return renderPromoSvg(shape, hex, BANNER_SIZE.width, BANNER_SIZE.height);
}
