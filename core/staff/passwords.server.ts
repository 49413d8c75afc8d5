import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { passwordWeakness } from "./password-strength.ts";
import { MIN_PASSWORD_LENGTH } from "./password-rules.ts";

/**
 * Staff passwords: argon2id (the library's default algorithm) with its default cost (19 MiB, 2 passes), the
 * parameters OWASP recommends; the PHC string keeps the parameters, so raising them later still verifies old hashes.
 */
const MAX_PASSWORD_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a hash that is not one (never throws on bad stored data). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no account to check (unknown e-mail, no password yet), so
 * that the answer's timing does not tell whether an address has an account.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hash(randomBytes(18).toString("base64"));
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * Why a new password is refused, or null when it is acceptable: 12 to 256 characters, not the account's e-mail
 * address (or its part before the @), and hard enough to guess by zxcvbn's estimate (password-strength.ts).
 */
export async function passwordProblem(password: string, email: string): Promise<string | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters`;
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  if (lower === address || (address.includes("@") && lower === address.split("@")[0]))
    return "Do not use your e-mail address as your password";
  return passwordWeakness(password, email);
}
