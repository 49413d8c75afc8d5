import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * The floor: the smallest server-rendered React Router 7 app, in ../shared/anchors/rr-floor. The
 * bench copies it to a folder of its own under the system's temporary folder, installs and builds it there,
 * and serves it beside our server, so that our pages are measured as ratios of the framework's own cost on
 * the same machine in the same run. The copy is kept between runs, named by a hash of the anchor's files:
 * a rerun with the same anchor skips the install and the build.
 */
export const DEFAULT_FLOOR_SOURCE = path.resolve(import.meta.dirname, "../../shared/anchors/rr-floor");

export type FloorServer = { baseUrl: string; pid: number; stop(): Promise<void> };

/** Copies, installs and builds the floor unless a copy of these very files is already built; answers its folder. */
export async function prepareFloor(
  source: string,
  run: (command: string, args: string[], cwd: string) => Promise<void>,
): Promise<string> {
  const files = await anchorFiles(source);
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update(await fs.readFile(path.join(source, file)));
  const folder = path.join(os.tmpdir(), `honda-bench-floor-${hash.digest("hex").slice(0, 12)}`);
  const built = path.join(folder, "build/server/index.js");
  if (await exists(built)) return folder;
  await fs.rm(folder, { recursive: true, force: true });
  await fs.mkdir(folder, { recursive: true });
  for (const file of files) {
    await fs.mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await fs.copyFile(path.join(source, file), path.join(folder, file));
    await fs.chmod(path.join(folder, file), 0o644);
  }
  // `npm install` as the anchor's README says: its lock file lacks other platforms' optional packages, which `npm ci` refuses.
  await run("npm", ["install", "--no-audit", "--no-fund"], folder);
  await run(path.join(folder, "node_modules/.bin/react-router"), ["build"], folder);
  if (!(await exists(built))) throw new Error(`the floor's build left no ${built}`);
  return folder;
}

/** Serves the built floor with react-router-serve (its README's command) in production mode, as its own process. */
export async function serveFloor(folder: string, port: number): Promise<FloorServer> {
  const bin = path.join(folder, "node_modules/@react-router/serve/bin.js");
  const child: ChildProcess = spawn(process.execPath, [bin, "build/server/index.js"], {
    cwd: folder,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`${baseUrl}/`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the floor did not answer on ${baseUrl}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, pid: child.pid!, stop };
}

/** The anchor's own files: everything but what an install or a build leaves behind. */
async function anchorFiles(source: string): Promise<string[]> {
  const entries = await fs.readdir(source, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(source, path.join(entry.parentPath, entry.name)))
    .filter((file) => !/^(node_modules|build|\.react-router)(\/|$)/.test(file))
    .sort();
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
