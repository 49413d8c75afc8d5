import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openDurablePglite } from "./pglite-durable.ts";

/**
 * Backups (decision 016). The embedded database: PGlite's dumpDataDir, a gzipped tar of the data directory
 * taken while PGlite holds its query lock, so no statement writes during the copy; a transaction open at that
 * moment is rolled back on restore like after a crash, everything committed before is in it. PostgreSQL:
 * pg_dump's custom format, one consistent snapshot.
 */
export type BackupKind = "pglite" | "postgres";

/** The first bytes of each kind's file: gzip for the embedded tar, PGDMP for pg_dump's custom format. */
export function backupKindOf(file: string): BackupKind | null {
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  if (head.toString("latin1") === "PGDMP") return "postgres";
  return null;
}

/** Writes next to the target and renames, so a failed backup never leaves a file that looks whole; mode 0600. */
async function writeOwnerOnlyFile(file: string, write: (partial: string) => Promise<void>): Promise<number> {
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    await write(partial);
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return fs.statSync(file).size;
}

export function writePgliteBackup(client: PGlite, file: string): Promise<number> {
  return writeOwnerOnlyFile(file, async (partial) => {
    const dump = await client.dumpDataDir("gzip");
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  });
}

export function writePostgresBackup(databaseUrl: string, file: string): Promise<number> {
  return writeOwnerOnlyFile(file, async (partial) => {
    // Owner-only from the first byte: pg_dump truncates the file and keeps its mode.
    fs.writeFileSync(partial, "", { mode: 0o600 });
    await withPassfile(databaseUrl, (dbname) =>
      runPostgresTool("pg_dump", ["--format=custom", "--no-owner", `--file=${partial}`, `--dbname=${dbname}`]),
    );
  });
}

export function restorePostgresBackup(databaseUrl: string, file: string): Promise<void> {
  return withPassfile(databaseUrl, (dbname) =>
    runPostgresTool("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--single-transaction",
      "--exit-on-error",
      `--dbname=${dbname}`,
      file,
    ]),
  );
}

/**
 * Runs `use` with the connection URL minus its password, which goes into a libpq password file (0600, deleted
 * afterwards) named by the URL's `passfile` parameter: a password on a command line is visible to every local
 * user in the process list.
 */
async function withPassfile<T>(databaseUrl: string, use: (dbname: string) => Promise<T>): Promise<T> {
  const url = new URL(databaseUrl);
  if (!url.password) return use(databaseUrl);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "honda-pg-"));
  const passfile = path.join(folder, "pgpass");
  try {
    fs.writeFileSync(passfile, `*:*:*:*:${decodeURIComponent(url.password).replace(/[\\:]/g, "\\$&")}\n`, {
      mode: 0o600,
    });
    url.password = "";
    url.searchParams.set("passfile", passfile);
    return await use(url.toString());
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Unpacks an embedded backup into `pgliteDir`, which must not exist yet: PGlite loads the tar and replays its
 * WAL once, so the directory is ready to serve.
 */
export async function restorePgliteBackup(file: string, pgliteDir: string): Promise<void> {
  fs.mkdirSync(pgliteDir, { recursive: false, mode: 0o700 });
  const client = await openDurablePglite(pgliteDir, new Blob([fs.readFileSync(file)]));
  try {
    await client.query("checkpoint");
  } finally {
    await client.close();
  }
}

/** pg_dump or pg_restore as found on the PATH, then in Debian's /usr/lib/postgresql/<version>/bin, newest first. */
function postgresToolCandidates(name: "pg_dump" | "pg_restore"): string[] {
  const debian = "/usr/lib/postgresql";
  const versions = fs.existsSync(debian) ? fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a)) : [];
  return [
    name,
    ...versions.map((version) => path.join(debian, version, "bin", name)).filter((file) => fs.existsSync(file)),
  ];
}

async function runPostgresTool(name: "pg_dump" | "pg_restore", args: string[]): Promise<void> {
  for (const program of postgresToolCandidates(name)) {
    const outcome = await run(program, args);
    if (outcome === "missing") continue;
    if (outcome.code !== 0) throw new Error(`${name} failed (exit ${outcome.code}): ${outcome.stderr.trim()}`);
    return;
  }
  throw new Error(
    `${name} is not installed: install the PostgreSQL client programs (apt-get install postgresql-client) to back up or restore a PostgreSQL database`,
  );
}

function run(program: string, args: string[]): Promise<{ code: number | null; stderr: string } | "missing"> {
  return new Promise((resolve) => {
    let stderr = "";
    const child = spawn(program, args, { stdio: ["ignore", "ignore", "pipe"] });
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", (error: NodeJS.ErrnoException) =>
      resolve(error.code === "ENOENT" ? "missing" : { code: null, stderr: error.message }),
    );
    child.on("close", (code) => resolve({ code, stderr }));
  });
}
