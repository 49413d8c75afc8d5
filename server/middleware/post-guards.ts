import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { RateLimiter } from "../../core/shared/rate-limiter.ts";
import { apiError } from "../api/responses.ts";

/** Largest request body any form or API POST may send (enquiries are a few hundred bytes). */
export const MAX_BODY_BYTES = 64 * 1024;

const isApi = (c: Context) => c.req.path.startsWith("/api/");

function tooLarge(c: Context): Response {
  return isApi(c)
    ? apiError(c, 413, `Request body is larger than ${MAX_BODY_BYTES / 1024} KB`)
    : c.text("Your message is too long to send. Please shorten it and try again.", 413);
}

/** 413 for any POST body over 64 KB, whatever it claims in Content-Length. */
export const limitPostBody: MiddlewareHandler = async (c, next) => {
  if (c.req.method !== "POST") return next();
  return bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge })(c, next);
};

const JSON_TYPES = ["application/json", "application/ld+json"];

/** 415 for an API POST that is not JSON or JSON-LD. */
export const requireJsonForApiPosts: MiddlewareHandler = async (c, next) => {
  if (c.req.method !== "POST" || !isApi(c)) return next();
  const type = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!JSON_TYPES.includes(type)) {
    return apiError(c, 415, "Send the body as application/json or application/ld+json");
  }
  return next();
};

/** Per-client limit on POSTs (forms and API alike): 429 with Retry-After once a client has used its allowance. */
export function rateLimitPosts(limiter: RateLimiter, clientAddress: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const decision = await limiter.hit(clientAddress(c));
    if (decision.allowed) return next();
    c.header("Retry-After", String(decision.retryAfterSeconds));
    return isApi(c)
      ? apiError(c, 429, "Too many requests; try again later")
      : c.text("You have sent a lot of requests in a short time. Please wait a minute and try again.", 429);
  };
}

/** The client's address: the socket peer, or the first X-Forwarded-For hop when behind a trusted proxy. */
export function clientAddressResolver(trustProxy: boolean): (c: Context) => string {
  return (c) => {
    if (trustProxy) {
      const forwarded = c.req.header("X-Forwarded-For")?.split(",")[0]?.trim();
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? "unknown";
    } catch {
      return "unknown";
    }
  };
}

/** Reads a JSON body; null when it is not valid JSON (the caller answers 400). */
export async function readJsonBody(c: Context): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: await c.req.json() };
  } catch {
    return { ok: false };
  }
}
