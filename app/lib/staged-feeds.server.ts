import { randomBytes } from "node:crypto";

/**
 * An uploaded stock file kept between the upload page's mapping steps (a form round trip cannot send a file
 * again): in memory, for the person who uploaded it, for 30 minutes, at most 128 MB in all (the oldest go first).
 * A person maps one file at a time: a new upload lets go of their earlier one, so one person's uploads never push
 * out another's.
 */

type Staged = { staffKey: string; name: string; bytes: Uint8Array; expires: number };

const KEEP_MS = 30 * 60 * 1000;
const MAX_TOTAL_BYTES = 128 * 1024 * 1024;
const staged = new Map<string, Staged>();

function prune(now: number): void {
  for (const [token, file] of staged) if (file.expires <= now) staged.delete(token);
  let total = [...staged.values()].reduce((sum, file) => sum + file.bytes.byteLength, 0);
  for (const [token, file] of staged) {
    if (total <= MAX_TOTAL_BYTES) break;
    staged.delete(token);
    total -= file.bytes.byteLength;
  }
}

/** Keeps a copy of the file for this person; the token names it in the mapping form. */
export function stageFeedFile(staffKey: string, name: string, bytes: Uint8Array): string {
  for (const [token, file] of staged) if (file.staffKey === staffKey) staged.delete(token);
  const token = randomBytes(18).toString("base64url");
  staged.set(token, { staffKey, name, bytes: bytes.slice(), expires: Date.now() + KEEP_MS });
  prune(Date.now());
  return token;
}

/** A copy of the staged file (the reader takes its bytes), or null when it is gone or another person's. */
export function stagedFeedFile(staffKey: string, token: string): { name: string; bytes: Uint8Array } | null {
  prune(Date.now());
  const file = staged.get(token);
  if (!file || file.staffKey !== staffKey) return null;
  return { name: file.name, bytes: file.bytes.slice() };
}

/** The file is imported: it is not kept any longer. */
export function dropStagedFeedFile(token: string): void {
  staged.delete(token);
}
