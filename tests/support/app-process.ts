import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

const projectRoot = path.resolve(import.meta.dirname, "../..");

export type AppProcess = {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Long enough for a first start that initialises and seeds a database on a busy two-CPU machine. */
export const STARTUP_TIMEOUT_MS = 120_000;

/**
 * Starts the real app (the built site, `npm run serve`'s entry) as its own process and waits until it answers;
 * on env.PORT when given (the bench keeps to its own ports), else a free one.
 */
export async function startAppProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<AppProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = "";
  const child = spawn(process.execPath, npmScriptArguments("serve"), {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SHUTDOWN_DRAIN_SECONDS: "0",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  // A test that times out or throws must not leave its server running after the test process ends.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      process.off("exit", killOnExit);
      resolve();
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited early:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/dealers`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (Date.now() >= deadline) {
    child.kill("SIGKILL");
    throw new Error(`the app did not answer within ${timeoutMs} ms:\n${output}`);
  }
  return {
    baseUrl,
    child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}

export type Tool = { code: number | null; stdout: string; stderr: string };

/**
 * Node's arguments for an npm script of package.json that runs one program: `node build/...` (the built server and
 * operators' tools) or `tsx ...` (the developers' tools), with any `NAME=value` settings before it left to the caller.
 */
export function npmScriptArguments(name: string): string[] {
  const scripts = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")).scripts as Record<
    string,
    string
  >;
  const command = scripts[name]?.split(" ").filter((word) => !/^[A-Z_]+=/.test(word));
  const [program, ...options] = command ?? [];
  const file = options.pop();
  if (!program || !file || options.some((option) => !option.startsWith("--")))
    throw new Error(`npm run ${name} is not one program with its options and file: ${scripts[name]}`);
  if (program === "node") return [...options, file];
  if (program === "tsx") return ["--import", "tsx", ...options, file];
  throw new Error(`npm run ${name} runs ${program}, neither node nor tsx`);
}

/** Runs an npm script (`leads`, `db:backup`, `serve`, ...) as its own process, as an operator would run it. */
export function runTool(npmScript: string, args: string[], env: Record<string, string>): Promise<Tool> {
  return new Promise((resolve) => {
    let stdout = "";
    let stderr = "";
    const child = spawn(process.execPath, [...npmScriptArguments(npmScript), ...args], {
      cwd: projectRoot,
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
