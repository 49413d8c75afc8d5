import http from "node:http";
import {
  MIGRATING_COMMANDS,
  type OperatorRequest,
  type OperatorResult,
  runOperatorCommand,
} from "../../core/operator/commands.server.ts";
import { openDatabase } from "../../db/client.ts";
import { DataDirBusyError } from "../../db/data-dir-lock.ts";
import { type Env, loadEnv } from "../env.ts";
import { createLogger } from "../logger.ts";
import { controlSocketPath, operatorContext } from "../operations.ts";

/**
 * Runs an operator command and prints its output. On the embedded default it goes through the running server's
 * control socket, so only one process ever opens the data directory; with no server running the tool opens the
 * database itself (taking the data directory's lock). PostgreSQL is safe for several clients: always directly.
 */
export async function runOperator(request: OperatorRequest): Promise<void> {
  const env = loadEnv();
  let result: OperatorResult;
  try {
    result =
      (!env.DATABASE_URL && (await sendToServer(controlSocketPath(env), request))) || (await runDirectly(env, request));
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    result = { stdout: "", stderr: `${error.message}\n`, exitCode: 1 };
  }
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
}

async function runDirectly(env: Env, request: OperatorRequest): Promise<OperatorResult> {
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  try {
    if (MIGRATING_COMMANDS.has(request.command)) await database.migrate();
    return await runOperatorCommand(operatorContext(env, database, createLogger("warn")), request);
  } finally {
    await database.close();
  }
}

/** The server's answer, or null when no server listens on the socket. */
function sendToServer(socketPath: string, request: OperatorRequest): Promise<OperatorResult | null> {
  return new Promise((resolve, reject) => {
    const call = http.request(
      { socketPath, method: "POST", path: "/commands", headers: { "Content-Type": "application/json" } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => {
          if (response.statusCode === 200) resolve(JSON.parse(text) as OperatorResult);
          else reject(new Error(`the server refused the command (${response.statusCode}): ${text}`));
        });
      },
    );
    call.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
    call.end(JSON.stringify(request));
  });
}
