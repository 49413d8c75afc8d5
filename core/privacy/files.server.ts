import fs from "node:fs/promises";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { pendingFileErasures } from "../../db/schema.ts";
import type { Executor } from "./kinds.ts";

/** A file name in the outbox folder: no folder part, so a stored name can never point elsewhere. */
export function isOutboxFileName(name: string): boolean {
  return name === path.basename(name) && name.endsWith(".eml") && !name.startsWith(".");
}

/** Lists the outbox files to delete in the transaction that erases their records, so a failed deletion is retried. */
export async function recordFilesToErase(tx: Executor, names: readonly string[]): Promise<void> {
  const safe = [...new Set(names.filter(isOutboxFileName))];
  if (safe.length === 0) return;
  await tx
    .insert(pendingFileErasures)
    .values(safe.map((name) => ({ path: name })))
    .onConflictDoNothing();
}

/**
 * Deletes the listed outbox files (null: every file still listed) and takes each one gone off the list. A file that
 * cannot be deleted is emptied where possible, so no readable copy stays, and stays listed for the next retention
 * run. Answers how many are still listed.
 */
export async function eraseFiles(
  db: Executor,
  outboxDir: string | null,
  names: readonly string[] | null,
): Promise<number> {
  const wanted =
    names ?? (await db.select({ path: pendingFileErasures.path }).from(pendingFileErasures)).map((row) => row.path);
  const gone: string[] = [];
  if (outboxDir !== null) {
    for (const name of wanted.filter(isOutboxFileName)) {
      if (await deleteFile(path.join(outboxDir, name))) gone.push(name);
    }
  }
  if (gone.length > 0) await db.delete(pendingFileErasures).where(inArray(pendingFileErasures.path, gone));
  const [left] = await db.select({ count: sql<number>`count(*)::int` }).from(pendingFileErasures);
  return Number(left?.count ?? 0);
}

/** True when the file is gone (deleted now, or never there). */
async function deleteFile(file: string): Promise<boolean> {
  try {
    await fs.unlink(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    await fs.truncate(file, 0).catch(() => {});
    return false;
  }
}
