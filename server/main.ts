import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { openDatabase } from "../db/client.ts";
import { seedIfEmpty } from "../db/seed/seed.ts";
import { createMailer } from "../core/delivery/email.ts";
import { LeadDeliveryWorker } from "../core/delivery/worker.ts";
import { DatabaseRateLimiter } from "../core/shared/database-rate-limiter.ts";
import { createApp, type PageHandler } from "./app.ts";
import { loadEnv } from "./env.ts";
import { financeCipherFromEnv } from "./finance-cipher.ts";
import { createLogger } from "./logger.ts";

const isDev = process.argv.includes("--dev");
const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const projectRoot = path.resolve(import.meta.dirname, "..");

async function main() {
  const started = performance.now();
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  logger.info({ database: database.kind, dataDir: database.kind === "pglite" ? env.DATA_DIR : undefined }, "database opened");
  await database.migrate();
  if (await seedIfEmpty(database.db)) logger.info("empty database: filled it with the demo catalogue");

  const siteUrl = env.SITE_URL ?? `http://${env.HOST}:${env.PORT}`;
  const { pageHandler, devMiddleware } = isDev ? await devPages() : await builtPages();
  const app = createApp({
    db: database.db,
    health: database,
    logger,
    // In the database, so that several instances sharing it share each client's allowance.
    rateLimiter: new DatabaseRateLimiter(database.db, env.POST_RATE_LIMIT, env.POST_RATE_WINDOW_SECONDS * 1000),
    trustProxy: env.TRUST_PROXY,
    siteUrl,
    financeCipher: financeCipherFromEnv(env, logger),
    pageHandler,
    staticRoot: isDev ? undefined : path.relative(process.cwd(), path.join(projectRoot, "build/client")),
  });
  const listener = getRequestListener(app.fetch);
  const server = http.createServer((req, res) =>
    devMiddleware ? devMiddleware(req, res, () => listener(req, res)) : listener(req, res),
  );
  const worker = new LeadDeliveryWorker({
    db: database.db,
    logger: logger.child({ component: "lead-delivery" }),
    mailer: createMailer({ smtpUrl: env.SMTP_URL, outboxDir: path.join(env.DATA_DIR, "outbox"), from: env.MAIL_FROM }),
    siteUrl,
    intervalMs: env.LEAD_DELIVERY_INTERVAL_MS,
    lockMs: env.LEAD_DELIVERY_LOCK_SECONDS * 1000,
  });
  server.listen(env.PORT, env.HOST, () => {
    const ms = Math.round(performance.now() - started);
    logger.info({ url: `http://${env.HOST}:${env.PORT}`, startupMs: ms, mode: isDev ? "development" : "production" }, "listening");
    if (env.LEAD_DELIVERY === "on") worker.start();
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    server.close(() => void worker.stop().then(() => database.close()).finally(() => process.exit(0)));
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

async function builtPages(): Promise<{ pageHandler: PageHandler; devMiddleware?: undefined }> {
  const buildPath = path.join(projectRoot, "build/server/index.js");
  const build = (await import(buildPath)) as ServerBuild;
  return { pageHandler: createRequestHandler(build, "production") };
}

async function devPages() {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const pageHandler: PageHandler = async (request, context) => {
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    return createRequestHandler(build, "development")(request, context);
  };
  return { pageHandler, devMiddleware: vite.middlewares };
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, "could not start");
  process.exit(1);
});
