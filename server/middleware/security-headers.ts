import { randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";

/** What the middleware keeps on the request: the nonce the page renderer puts on its scripts. */
export type SecurityVariables = { cspNonce?: string };

/**
 * The Content-Security-Policy for a response whose server-rendered scripts and styles carry `nonce`
 * (docs/decisions/012-security-headers.md explains each directive). In development Vite injects style
 * elements without a nonce and keeps a socket open for hot reloading, so those two are let through there.
 */
function contentSecurityPolicy(nonce: string, { development = false } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    development ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    development ? "connect-src 'self' ws:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const FIXED_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy":
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=()",
};

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Security headers on every response, whatever produced it (API, pages, static files, media, errors).
 * A fresh nonce per response is set as `cspNonce` before the handlers run, so the page renderer can put it
 * on its scripts. A 304 gets no Content-Security-Policy: the browser keeps the stored one, which matches the
 * stored body and its nonce.
 */
export function securityHeaders({
  trustProxy,
  development = false,
}: {
  trustProxy: boolean;
  development?: boolean;
}): MiddlewareHandler<{ Variables: SecurityVariables }> {
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("cspNonce", nonce);
    await next();
    const headers: Record<string, string> = { ...FIXED_HEADERS };
    if (c.res.status !== 304) headers["Content-Security-Policy"] = contentSecurityPolicy(nonce, { development });
    if (cameOverHttps(c, trustProxy)) headers["Strict-Transport-Security"] = HSTS;
    setHeaders(c, headers);
  };
}

/** True when the request reached the site over HTTPS (directly, or through a trusted proxy that says so). */
export function cameOverHttps(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === "https:") return true;
  if (!trustProxy) return false;
  const forwarded = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return forwarded === "https";
}

/** Some responses (Response.redirect, a fetch's answer) have immutable headers: those are copied first. */
function setHeaders(c: Context, headers: Record<string, string>) {
  try {
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  } catch {
    const copy = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    c.res = copy;
  }
}
