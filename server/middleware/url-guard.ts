import type { MiddlewareHandler } from "hono";
import { apiError } from "../api/responses.ts";

/**
 * 400 for a URL that carries a NUL character (%00) in its path or query. No slug, id or option contains one,
 * and PostgreSQL refuses NUL in text, so such a value would otherwise reach a query and fail there as a 500.
 * (A raw NUL byte never gets this far: Node's HTTP parser refuses it.)
 */
export const refuseNulInUrl: MiddlewareHandler = async (c, next) => {
  if (!c.req.url.includes("%00")) return next();
  return c.req.path.startsWith("/api/")
    ? apiError(c, 400, "The address contains a NUL character")
    : c.text("This address is not valid.", 400);
};
