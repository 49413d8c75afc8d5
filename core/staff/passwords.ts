import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
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
 * Passwords people choose most often that are 12 characters or longer (from the published breach lists);
 * a short list, not a breach database: length does most of the work.
 */
const COMMON_PASSWORDS = new Set([
  "123456789012",
  "1234567890123",
  "12345678901234",
  "123456789123",
  "111111111111",
  "000000000000",
  "123123123123",
  "password1234",
  "password12345",
  "password123!",
  "passwordpassword",
  "qwertyuiop12",
  "qwertyuiopasdf",
  "qwerty123456",
  "1q2w3e4r5t6y",
  "1qaz2wsx3edc",
  "iloveyou1234",
  "abcdefghijkl",
  "abc123abc123",
  "letmein12345",
  "welcome12345",
  "welcome123456",
  "changeme1234",
  "administrator",
  "admin1234567",
  "honda1234567",
  "hondahondahonda",
  "footballfootball",
  "baseball1234",
  "sunshine1234",
  "princess1234",
  "superman1234",
  "trustno1trustno1",
  "monkey123456",
  "dragon123456",
  "mustang12345",
  "southafrica1",
  "southafrica123",
  "johannesburg",
  "capetown1234",
]);

/**
 * Why a new password is refused, or null when it is acceptable: at least 12 characters, not one of the
 * most common passwords, not the account's e-mail address (or its part before the @).
 */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters`;
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  if (lower === address || (address.includes("@") && lower === address.split("@")[0])) return "Do not use your e-mail address as your password";
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(password)) return "This password is too common: choose one that is harder to guess";
  return null;
}
