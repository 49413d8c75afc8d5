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
  verify(
    purpose: string,
    id: string,
    link: { expires: unknown; signature: unknown },
    now: Date,
  ): "valid" | "expired" | "invalid" {
    const expires =
      typeof link.expires === "string" && /^\d{1,12}$/.test(link.expires) ? Number(link.expires) : Number.NaN;
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

const MANAGE_APPOINTMENT = "manage-appointment";

type LinkedAppointment = { id: string; start: Date; version: number };

/**
 * What a move-or-cancel link is signed for: the appointment and its version, which each move or cancellation
 * raises, so a change revokes every link sent before it. Version 1 signs the bare id, as the links
 * in confirmations sent before this rule were signed, so those keep working until the first change.
 */
function manageSubject(id: string, version: number): string {
  return version === 1 ? id : `${id}/v${version}`;
}

/** The page where the buyer moves or cancels an appointment; the link holds until the appointment starts or changes. */
export function manageAppointmentPath(signer: LinkSigner, appointment: LinkedAppointment): string {
  const { expires, signature } = signer.sign(
    MANAGE_APPOINTMENT,
    manageSubject(appointment.id, appointment.version),
    appointment.start,
  );
  return `/appointments/${appointment.id}?expires=${expires}&signature=${signature}`;
}

/**
 * Whether a link may act on the appointment as it now is: "revoked" for a genuine link to an earlier version
 * (sent before a move or cancellation) that has not expired, "invalid" for one that was never signed.
 */
export function manageAppointmentLinkState(
  signer: LinkSigner,
  appointment: { id: string; version: number },
  link: { expires: unknown; signature: unknown },
  now: Date,
): "valid" | "expired" | "revoked" | "invalid" {
  const current = signer.verify(MANAGE_APPOINTMENT, manageSubject(appointment.id, appointment.version), link, now);
  if (current !== "invalid") return current;
  for (let version = appointment.version - 1; version >= 1; version--) {
    const earlier = signer.verify(MANAGE_APPOINTMENT, manageSubject(appointment.id, version), link, now);
    if (earlier !== "invalid") return earlier === "valid" ? "revoked" : "expired";
  }
  return "invalid";
}
