import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Who holds a data directory, as the holder tells a process that asks. */
export type DataDirOwner = { pid: number; port?: number; startedAt: string; command: string };

/** Another live process owns the data directory; its message names it (pid, port) and says what to do. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner | null,
  ) {
    const who = owner
      ? `process ${owner.pid} (${owner.command}${owner.port ? `, serving on port ${owner.port}` : ""}, since ${owner.startedAt})`
      : "another process";
    super(
      `The embedded database in ${dataDir} is in use by ${who}. Only one process may open it: ` +
        "stop that process first, or, if it is the server, run the operator commands (npm run leads, db:backup, ...) while it runs: they go through it.",
    );
    this.name = "DataDirBusyError";
  }
}

export type DataDirLock = {
  /** Adds details (the port once the server listens) to what a refused process is told. */
  describe(details: { port?: number }): void;
  release(): Promise<void>;
};

/**
 * Takes the exclusive ownership of an embedded data directory for this process's lifetime, before any file
 * of it is touched (decision 016). On Linux the lock is a Unix socket in the abstract namespace named after
 * the directory's real path: binding it fails while another process holds it, and the kernel frees it the
 * moment the holder exits, however it ends. Elsewhere a socket file in the temp folder stands in, and one
 * whose holder is gone (connection refused) is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const address = lockAddress(dataDir);
  const owner: DataDirOwner = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    command: path.basename(process.argv[1] ?? "node"),
  };
  const server = net.createServer((socket) => socket.end(JSON.stringify(owner)));
  server.on("error", () => {});
  try {
    await listen(server, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    const holder = await askOwner(address);
    if (holder === "gone" && !isAbstract(address)) {
      fs.rmSync(address, { force: true });
      await listen(server, address);
    } else {
      throw new DataDirBusyError(dataDir, holder === "gone" ? null : holder);
    }
  }
  // The lock alone must not keep a command's process alive.
  server.unref();
  return {
    describe: (details) => Object.assign(owner, details),
    release: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The directory's real path, or for one not created yet its nearest existing parent's real path joined with the rest. */
function canonicalDataDir(dataDir: string): string {
  const absolute = path.resolve(dataDir);
  let existing = absolute;
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  return path.join(fs.realpathSync(existing), path.relative(existing, absolute));
}

function lockAddress(dataDir: string): string {
  const digest = createHash("sha256").update(canonicalDataDir(dataDir)).digest("hex").slice(0, 32);
  return process.platform === "linux"
    ? `\0honda-dealer-site/data-dir/${digest}`
    : path.join(os.tmpdir(), `honda-dealer-site-${digest}.lock.sock`);
}

const isAbstract = (address: string) => address.startsWith("\0");

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    server.listen(address, () => {
      server.off("error", onError);
      resolve();
    });
  });
}

/** The holder's own account of itself, or "gone" when nothing answers (a stale socket file). */
function askOwner(address: string): Promise<DataDirOwner | null | "gone"> {
  return new Promise((resolve) => {
    let text = "";
    const socket = net.connect(address);
    socket.setTimeout(2_000, () => socket.destroy());
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED" ? "gone" : null));
    socket.on("close", () => {
      try {
        resolve(JSON.parse(text) as DataDirOwner);
      } catch {
        resolve(null);
      }
    });
  });
}
