import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import type { AppContext } from "../app/load-context.ts";
import type { Database } from "../db/client.ts";
import { createApi } from "./api/index.ts";
import { apiError } from "./api/responses.ts";
import { MemoryRateLimiter, type RateLimiter } from "../core/shared/rate-limiter.ts";
import type { Logger } from "./logger.ts";
import { mediaRoutes } from "./media.ts";
import { clientAddressResolver, limitPostBody, rateLimitPosts, requireJsonForApiPosts } from "./middleware/post-guards.ts";

export type PageHandler = (request: Request, context: AppContext) => Promise<Response>;

export type AppDeps = {
  db: Database;
  logger: Logger;
  /** React Router's request handler; without it only the API and media are served (API tests). */
  pageHandler?: PageHandler;
  /** The built client folder (production); in development Vite serves it. */
  staticRoot?: string;
  /** Per-client allowance of POSTs; default 30 in 10 minutes, in memory. */
  rateLimiter?: RateLimiter;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy?: boolean;
};

const YEAR_IMMUTABLE = "public, max-age=31536000, immutable";

export function createApp({
  db,
  logger,
  pageHandler,
  staticRoot,
  rateLimiter = new MemoryRateLimiter(30, 600_000),
  trustProxy = false,
}: AppDeps): Hono<{ Variables: { requestId: string } }> {
  const app = new Hono<{ Variables: { requestId: string } }>();
  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      { reqId: c.get("requestId"), method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      "request",
    );
  });
  app.onError((error, c) => {
    logger.error({ reqId: c.get("requestId"), err: error, path: c.req.path }, "unhandled error");
    if (c.req.path.startsWith("/api/")) return apiError(c, 500, "Internal error");
    return c.text("Something went wrong on our side. Please try again in a moment.", 500);
  });

  app.use(limitPostBody, requireJsonForApiPosts, rateLimitPosts(rateLimiter, clientAddressResolver(trustProxy)));
  app.route("/api", createApi(db, logger));
  app.route("/", mediaRoutes(db));
  if (staticRoot) {
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) c.res.headers.set("Cache-Control", YEAR_IMMUTABLE);
    });
    app.use("*", serveStatic({ root: staticRoot }));
  }
  if (pageHandler) {
    app.all("*", (c) => pageHandler(c.req.raw, { db, logger: logger.child({ reqId: c.get("requestId") }) }));
  }
  return app;
}
