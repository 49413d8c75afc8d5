import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** The key file under DATA_DIR when LINK_SIGNING_KEY is not set (created on first start, mode 0600). */
export const LINK_KEY_FILE_NAME = "link-signing.key";

export type SignedLink = { expires: number; signature: string };

/**
 * Signs the links that let a buyer move or cancel their appointment without an account (decision 025): an
 * HMAC-SHA256 of the purpose, the appointment's id and the expiry (seconds since 1970), with the server's
 * link key. Anyone holding the link may use it until it expires, so it goes only to the buyer's e-mail.
 */
export class LinkSigner {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length < 32) throw new Error("The link signing key must be at least 32 bytes");
    this.#key = key;
  }

  /** A key that lives as long as the process: tests, and servers whose links need not survive a restart. */
  static ephemeral(): LinkSigner {
    return new LinkSigner(randomBytes(32));
  }

  sign(purpose: string, id: string, expires: Date): SignedLink {
    const seconds = Math.floor(expires.getTime() / 1000);
    return { expires: seconds, signature: this.#mac(purpose, id, seconds) };
  }

  /** Whether the link is the one signed for this id, and has not expired; never throws on a malformed one. */
  verify(purpose: string, id: string, link: { expires: unknown; signature: unknown }, now: Date): "valid" | "expired" | "invalid" {
    const expires = typeof link.expires === "string" && /^\d{1,12}$/.test(link.expires) ? Number(link.expires) : Number.NaN;
    if (!Number.isSafeInteger(expires) || typeof link.signature !== "string") return "invalid";
    const expected = Buffer.from(this.#mac(purpose, id, expires));
    const given = Buffer.from(link.signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
    return expires * 1000 > now.getTime() ? "valid" : "expired";
  }

  #mac(purpose: string, id: string, expires: number): string {
    return createHmac("sha256", this.#key).update(`${purpose}\n${id}\n${expires}`).digest("base64url");
  }
}

export const MANAGE_APPOINTMENT = "manage-appointment";

/** The page where the buyer moves or cancels an appointment; the link holds until the appointment starts. */
export function manageAppointmentPath(signer: LinkSigner, appointment: { id: string; start: Date }): string {
  const { expires, signature } = signer.sign(MANAGE_APPOINTMENT, appointment.id, appointment.start);
  return `/appointments/${appointment.id}?expires=${expires}&signature=${signature}`;
}
