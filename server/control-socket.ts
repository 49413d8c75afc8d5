import fs from "node:fs";
import http from "node:http";
import { z } from "zod";
import { type OperatorContext, type OperatorResult, operatorRequestSchema, runOperatorCommand } from "../core/operator/commands.ts";
import type { Logger } from "./logger.ts";

const MAX_REQUEST_BYTES = 64 * 1024;

/**
 * The running server's side of the operator channel (decision 016): `POST /commands` with an operator request
 * as JSON, answered with the command's output. Only the owner can connect: the socket is 0600 in DATA_DIR
 * (0700). Any socket file left by a server that died is stale, as this process holds the data directory's lock.
 */
export async function openControlSocket(socketPath: string, context: OperatorContext, logger: Logger): Promise<{ close(): Promise<void> }> {
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((request, response) => {
    void answer(request, context, logger).then(({ status, body }) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    });
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

async function answer(request: http.IncomingMessage, context: OperatorContext, logger: Logger): Promise<{ status: number; body: OperatorResult | { error: string; fields?: unknown } }> {
  if (request.method !== "POST" || request.url !== "/commands") return { status: 404, body: { error: "POST /commands only" } };
  if (!String(request.headers["content-type"]).startsWith("application/json")) return { status: 415, body: { error: "send application/json" } };
  let text = "";
  for await (const chunk of request) {
    text += chunk;
    if (text.length > MAX_REQUEST_BYTES) return { status: 413, body: { error: `at most ${MAX_REQUEST_BYTES} bytes` } };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { status: 400, body: { error: "the body is not JSON" } };
  }
  const parsed = operatorRequestSchema.safeParse(json);
  if (!parsed.success) return { status: 422, body: { error: "not a valid command", fields: z.flattenError(parsed.error).fieldErrors } };
  logger.info({ command: parsed.data.command }, "operator command");
  return { status: 200, body: await runOperatorCommand(context, parsed.data) };
}
