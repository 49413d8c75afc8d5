/** Colour helpers for the generated artwork: one place for hex parsing and tints. */

const HEX6 = /^#?[0-9a-f]{6}$/i;

/** True for six hex digits, with or without a leading '#'. */
export function isHexColour(value: string): boolean {
  return HEX6.test(value);
}

/** Lower-case six hex digits without '#'; throws on anything else. */
export function normaliseHex(value: string): string {
  if (!isHexColour(value)) throw new Error(`Not a six-digit hex colour: ${JSON.stringify(value)}`);
  return value.replace("#", "").toLowerCase();
}

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const h = normaliseHex(hex);
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Mix `hex` with `other`; amount 0 gives `hex`, 1 gives `other`. Returns '#rrggbb'. */
export function mix(hex: string, other: string, amount: number): string {
  const a = toRgb(hex);
  const b = toRgb(other);
  return toHex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as Rgb);
}

/** Lighter: mix with white. */
export function tint(hex: string, amount: number): string {
  return mix(hex, "ffffff", amount);
}

/** Darker: mix with black. */
export function shade(hex: string, amount: number): string {
  return mix(hex, "000000", amount);
}

/** Relative luminance (WCAG), 0 for black to 1 for white. */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
