import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./app-process.ts";

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary directory, its own port on loopback), so a
 * test can stop and start the database without touching the machine's shared server. As root, the server
 * runs as the postgres user (PostgreSQL refuses to run as root).
 */
export type PostgresCluster = {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server if it runs and deletes the cluster; safe to call more than once. */
  dispose(): Promise<void>;
};

export async function createPostgresCluster(): Promise<PostgresCluster> {
  const bin = await postgresBinDir();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-rel-cluster-"));
  const asOwner = await ownerCommand(dir);
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const pgCtl = (...args: string[]) => asOwner(path.join(bin, "pg_ctl"), ["-D", dataDir, "-w", "-t", "30", ...args]);
  let running = false;
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pgCtl(
        "-l",
        path.join(dir, "server.log"),
        "-o",
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        "start",
      );
      running = true;
    },
    async stop() {
      await pgCtl("-m", "fast", "stop");
      running = false;
    },
    async dispose() {
      if (running) await cluster.stop().catch(() => {});
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await asOwner(path.join(bin, "initdb"), [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--auth=trust",
      "--no-sync",
      "-E",
      "UTF8",
    ]);
    await cluster.start();
  } catch (error) {
    await cluster.dispose();
    throw error;
  }
  return cluster;
}

/** The newest installed PostgreSQL's programs (Debian keeps them out of PATH), else whatever PATH has. */
async function postgresBinDir(): Promise<string> {
  const versions = await fs.readdir("/usr/lib/postgresql").catch(() => [] as string[]);
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest) return path.join("/usr/lib/postgresql", newest, "bin");
  return path.dirname((await run("which", ["initdb"])).stdout.trim());
}

/** Runs commands as the directory's owner: the postgres user when we are root, else ourselves. */
async function ownerCommand(dir: string): Promise<(file: string, args: string[]) => Promise<void>> {
  if (process.getuid?.() !== 0) return async (file, args) => void (await run(file, args));
  const uid = Number((await run("id", ["-u", "postgres"])).stdout.trim());
  const gid = Number((await run("id", ["-g", "postgres"])).stdout.trim());
  await fs.chown(dir, uid, gid);
  return async (file, args) => void (await run("runuser", ["-u", "postgres", "--", file, ...args], { cwd: dir }));
}
