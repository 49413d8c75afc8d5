import { Secret, TOTP } from "otpauth";

/**
 * Two-factor sign-in with time-based one-time codes (RFC 6238: 6 digits, 30 s, SHA-1, what every
 * authenticator app reads), through otpauth. A code of the period before or after is accepted (clock drift).
 */
const ISSUER = "Honda Dealer Group staff";

function totpFor(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  });
}

/** A new secret (160 bits, base32) and the otpauth:// URI an authenticator app takes from it. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpFor(secret, email).toString() };
}

export function totpUri(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

const PERIOD_MS = 30_000;

/**
 * The time step (30 s periods since the epoch) whose code `code` is (spaces allowed): now, or one period
 * either side; null when it is none of them.
 */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token) || !/^[A-Z2-7]+=*$/.test(secret)) return null;
  const delta = totpFor(secret, "").validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / PERIOD_MS) + delta;
}

/** The code for a moment (tests, and nothing else: a person's app makes it). */
export function totpCodeAt(secret: string, now = Date.now()): string {
  return totpFor(secret, "").generate({ timestamp: now });
}
