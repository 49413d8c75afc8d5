import { encode } from "uqr";

/** The accessible name of the set-up page's QR code (tests look for it). */
export const TOTP_QR_NAME = "QR code of your two-factor key: scan it with your authenticator app";

/** The quiet zone around a QR code that scanners expect, in modules (ISO/IEC 18004). */
const QUIET_ZONE = 4;

/**
 * The otpauth:// address as a QR code in SVG, drawn here on the server so the page needs no script. uqr encodes
 * it; the dark modules of each row are joined into runs, which keeps the markup a few kilobytes instead of one
 * square per module.
 */
export function totpQrSvg(otpauthUri: string): string {
  const { data, size } = encode(otpauthUri, { ecc: "M", border: 0 });
  const side = size + 2 * QUIET_ZONE;
  const runs: string[] = [];
  data.forEach((row, y) => {
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue;
      const start = x;
      while (x + 1 < size && row[x + 1]) x++;
      runs.push(`M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start + 1}v1h-${x - start + 1}z`);
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${TOTP_QR_NAME}" viewBox="0 0 ${side} ${side}" width="224" height="224" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${runs.join("")}"/></svg>`
  );
}
