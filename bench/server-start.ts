/**
 * `npm run bench:start`: how long the production server takes from process start to its first answer,
 * and how much memory it holds once it has answered a few pages, on the demo catalogue in the embedded database.
 *
 *   npm run bench:start [-- --runs 3 --command "node build/server/index.js" --port 3530]
 *
 * The first start has a fresh data folder created, migrated and seeded (by the seed tool in a process of its own,
 * decision 091) and is reported apart, with its memory after the same pages; each measured start after it opens
 * that folder as a restarted server would. Memory is the server process's resident set (VmRSS) after every page of
 * PAGES has been asked for three times. Run `npm run build` first.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseCommandLine } from "../server/cli/command-line.ts";
import { median } from "./stats.ts";

const USAGE = `Usage: npm run bench:start -- [--runs 3] [--command "node build/server/index.js"] [--port 3530]
  Starts the production server --runs times on a seeded embedded database and reports the time to its first
  answer and its resident memory after a few pages.`;

const { values: options } = parseCommandLine(USAGE, {
  runs: { type: "string", default: "3" },
  command: { type: "string", default: "node build/server/index.js" },
  port: { type: "string", default: "3530" },
});

const projectRoot = path.resolve(import.meta.dirname, "..");
const PAGES = ["/", "/used", "/new/honda/amaze", "/finance", "/specials", "/blog", "/staff/sign-in"];
const FIRST_ANSWER = "/api/dealers";

type Start = { firstAnswerMs: number; rssMb: number };

async function startOnce(dataDir: string): Promise<Start> {
  const [program, ...args] = options.command.split(" ").filter(Boolean);
  const started = performance.now();
  const child = spawn(program === "node" ? process.execPath : program!, args, {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: options.port,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SHUTDOWN_DRAIN_SECONDS: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const base = `http://127.0.0.1:${options.port}`;
    while (
      !(await fetch(base + FIRST_ANSWER).then(
        (answer) => answer.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (performance.now() - started > 180_000) throw new Error("no answer within 180 s");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const firstAnswerMs = performance.now() - started;
    for (let round = 0; round < 3; round++) {
      for (const page of PAGES) {
        const answer = await fetch(base + page);
        if (!answer.ok) throw new Error(`${page} answered ${answer.status}`);
        await answer.arrayBuffer();
      }
    }
    return { firstAnswerMs, rssMb: await residentMb(child.pid!) };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
  }
}

async function residentMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return kilobytes / 1024;
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-start-"));
try {
  const first = await startOnce(dataDir);
  console.log(
    `first start (the database created, migrated and seeded first): answered after ${(first.firstAnswerMs / 1000).toFixed(2)} s, resident memory after ${PAGES.length} pages x 3: ${first.rssMb.toFixed(0)} MB`,
  );
  const starts: Start[] = [];
  for (let run = 0; run < Number(options.runs); run++) starts.push(await startOnce(dataDir));
  const answers = starts.map((start) => start.firstAnswerMs);
  const memory = starts.map((start) => start.rssMb);
  console.log(`command: ${options.command}`);
  console.log(
    `restart, first answer: median ${(median(answers) / 1000).toFixed(2)} s (${answers.map((ms) => (ms / 1000).toFixed(2)).join(", ")})`,
  );
  console.log(
    `resident memory after ${PAGES.length} pages x 3: median ${median(memory).toFixed(0)} MB (${memory.map((mb) => mb.toFixed(0)).join(", ")})`,
  );
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}
