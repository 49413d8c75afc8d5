import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Violation } from "../../core/shared/violations.ts";

export const JSON_LD = "application/ld+json; charset=utf-8";

/** A JSON-LD answer. */
export function jsonLd(c: Context, body: unknown, status: ContentfulStatusCode = 200): Response {
  return c.body(JSON.stringify(body), status, { "Content-Type": JSON_LD });
}

/** A hydra collection (SPEC section 7): members under hydra:member, the total under hydra:totalItems. */
export function hydraCollection<T extends object>(
  c: Context,
  type: string,
  members: T[],
  total: number,
  extra: Record<string, unknown> = {},
): Response {
  return jsonLd(c, {
    "@context": "/api/contexts/Collection",
    "@id": new URL(c.req.url).pathname,
    "@type": "hydra:Collection",
    "hydra:member": members.map((member) => withLdType(member, type)),
    "hydra:totalItems": total,
    ...extra,
  });
}

/** One resource with its JSON-LD @type (and @id when the view carries an apiUri-style id). */
export function withLdType<T extends object>(view: T, type: string, id?: string): T & { "@type": string } {
  return id ? { "@id": id, "@type": type, ...view } : { "@type": type, ...view };
}

/** A resource answered on its own: with the JSON-LD context of its @type (/api/contexts/{Type}). */
export function ldResource<T extends object>(c: Context, view: T, type: string, id?: string, status: ContentfulStatusCode = 200): Response {
  return jsonLd(c, { "@context": `/api/contexts/${type}`, ...withLdType(view, type, id) }, status);
}

export function apiError(c: Context, status: ContentfulStatusCode, title: string, violations?: Violation[]): Response {
  return jsonLd(c, { "@context": "/api/contexts/Error", "@type": "Error", status, title, ...(violations ? { violations } : {}) }, status);
}

export const notFound = (c: Context, what = "Resource") => apiError(c, 404, `${what} not found`);
