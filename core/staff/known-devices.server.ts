import { randomBytes } from "node:crypto";
import { LinkSigner } from "../appointments/links.server.ts";
import { rawCookie } from "../shared/cookies.ts";

/**
 * The known-device cookie of staff sign-in (OWASP's "device cookies"): a browser that has signed in to an
 * account holds a token for it, signed with the server's link key under a purpose of its own, and its failed
 * sign-ins to that account are counted against the token's own allowance instead of the account's
 * allowance for unknown devices (core/staff/sign-in-throttle.server.ts). A token is bound to the account's e-mail
 * address through its signature; it holds only a random nonce, its expiry and the signature, never the
 * address. One browser keeps the tokens of the last MAX_ACCOUNTS accounts signed in on it.
 */
const KNOWN_DEVICE_PURPOSE = "staff-known-device";
const KNOWN_DEVICE_LIFETIME_MS = 365 * 86_400_000;
const MAX_ACCOUNTS = 5;
const ENTRY = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

type Entry = { nonce: string; expires: string; signature: string };

export class KnownDevices {
  constructor(private readonly signer: LinkSigner = LinkSigner.ephemeral()) {}

  /** The nonce of the browser's token for `email` (its allowance's key), or null when it holds no valid one. */
  recognise(cookieValue: string | null | undefined, email: string, now: number): string | null {
    return this.#entryFor(parse(cookieValue), email, now)?.nonce ?? null;
  }

  /**
   * The cookie's value after a sign-in to `email`: a new token for it first (a fresh nonce, so a fresh
   * allowance), then the tokens the browser holds for other accounts while they last.
   */
  remember(cookieValue: string | null | undefined, email: string, now: number): string {
    const entries = parse(cookieValue);
    const replaced = this.#entryFor(entries, email, now);
    const nonce = randomBytes(16).toString("base64url");
    const { expires, signature } = this.signer.sign(
      KNOWN_DEVICE_PURPOSE,
      subject(email, nonce),
      new Date(now + KNOWN_DEVICE_LIFETIME_MS),
    );
    const others = entries.filter((entry) => entry !== replaced && Number(entry.expires) * 1000 > now);
    return [{ nonce, expires: String(expires), signature }, ...others]
      .slice(0, MAX_ACCOUNTS)
      .map((entry) => `${entry.nonce}.${entry.expires}.${entry.signature}`)
      .join("~");
  }

  #entryFor(entries: Entry[], email: string, now: number): Entry | undefined {
    return entries.find(
      (entry) =>
        this.signer.verify(KNOWN_DEVICE_PURPOSE, subject(email, entry.nonce), entry, new Date(now)) === "valid",
    );
  }
}

const subject = (email: string, nonce: string) => `${email}\n${nonce}`;

function parse(cookieValue: string | null | undefined): Entry[] {
  if (!cookieValue || cookieValue.length > 1_000) return [];
  return cookieValue
    .split("~")
    .slice(0, MAX_ACCOUNTS)
    .flatMap((part) => {
      const match = ENTRY.exec(part);
      return match ? [{ nonce: match[1]!, expires: match[2]!, signature: match[3]! }] : [];
    });
}

/**
 * `__Host-staff-device` over HTTPS (Secure, Path=/, no Domain), `staff-device` over plain HTTP for local use;
 * HttpOnly, SameSite=Strict (only the site's own sign-in form sends it), kept a year.
 */
function knownDeviceCookieName(overHttps: boolean): string {
  return overHttps ? "__Host-staff-device" : "staff-device";
}

export function knownDeviceCookie(value: string, overHttps: boolean): string {
  const attributes = ["Path=/", "HttpOnly", "SameSite=Strict", `Max-Age=${KNOWN_DEVICE_LIFETIME_MS / 1000}`];
  if (overHttps) attributes.push("Secure");
  return [`${knownDeviceCookieName(overHttps)}=${value}`, ...attributes].join("; ");
}

/** The known-device cookie's value from a Cookie header, or null. */
export function knownDeviceCookieFrom(cookieHeader: string | null | undefined, overHttps: boolean): string | null {
  return rawCookie(cookieHeader, knownDeviceCookieName(overHttps));
}
