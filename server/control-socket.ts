import fs from "node:fs";
import http from "node:http";
import { z } from "zod";
import {
  type OperatorContext,
  type OperatorResult,
  operatorRequestSchema,
  runOperatorCommand,
} from "../core/operator/commands.server.ts";
import type { Logger } from "./logger.ts";

const MAX_REQUEST_BYTES = 64 * 1024;

/**
 * The running server's side of the operator channel (decision 016): `POST /commands` with an operator request
 * as JSON, answered with the command's output. Only the owner can connect: the socket is 0600 in DATA_DIR
 * (0700). Any socket file left by a server that died is stale, as this process holds the data directory's lock.
 */
export async function openControlSocket(
  socketPath: string,
  context: OperatorContext,
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((request, response) => {
    answer(request, context, logger).then(
      ({ status, body }) => {
        response.writeHead(status, { "Content-Type": "application/json" });
        response.end(JSON.stringify(body));
      },
      // The operator's tool went away mid-request (Ctrl-C): nothing to answer, and never a crash of the site.
      (error: unknown) => {
        logger.warn({ err: error }, "operator request abandoned");
        response.destroy();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(
  request: http.IncomingMessage,
  context: OperatorContext,
  logger: Logger,
): Promise<{ status: number; body: OperatorResult | { error: string; fields?: unknown } }> {
  if (request.method !== "POST" || request.url !== "/commands")
    return { status: 404, body: { error: "POST /commands only" } };
  if (!String(request.headers["content-type"]).startsWith("application/json"))
    return { status: 415, body: { error: "send application/json" } };
  const text = await readLimitedBody(request);
  if (text === null) return { status: 413, body: { error: `at most ${MAX_REQUEST_BYTES} bytes` } };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { status: 400, body: { error: "the body is not JSON" } };
  }
  const parsed = operatorRequestSchema.safeParse(json);
  if (!parsed.success)
    return { status: 422, body: { error: "not a valid command", fields: z.flattenError(parsed.error).fieldErrors } };
  logger.info({ command: parsed.data.command }, "operator command");
  return { status: 200, body: await runOperatorCommand(context, parsed.data) };
}

/** The body as text, or null past MAX_REQUEST_BYTES: the rest is read and dropped, so the client gets its 413. */
function readLimitedBody(request: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let text = "";
    let tooLarge = false;
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      if (tooLarge) return;
      text += chunk;
      if (text.length > MAX_REQUEST_BYTES) {
        tooLarge = true;
        text = "";
      }
    });
    request.on("end", () => resolve(tooLarge ? null : text));
    request.on("error", reject);
  });
}
