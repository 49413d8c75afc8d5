import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Violation } from "../../core/shared/violations.ts";

const JSON_LD = "application/ld+json; charset=utf-8";

/** A JSON-LD answer. */
export function jsonLd(c: Context, body: unknown, status: ContentfulStatusCode = 200): Response {
  return c.body(JSON.stringify(body), status, { "Content-Type": JSON_LD });
}

/** Where a paged collection is: the page answered (1-based) and how many members a page holds. */
export type Paging = { page: number; pageSize: number };

/**
 * A hydra collection (product.md §7): members under hydra:member, the total under hydra:totalItems, with the members'
 * own context (hydraCollectionSchema). Its @id is the request's address without the page; a paged one links its pages.
 */
export function hydraCollection<T extends object>(
  c: Context,
  type: string,
  members: T[],
  total: number,
  extra: Record<string, unknown> = {},
  paging?: Paging,
): Response {
  const url = new URL(c.req.url);
  return jsonLd(c, {
    "@context": `/api/contexts/${type}`,
    "@id": addressWithPage(url, null),
    "@type": "hydra:Collection",
    "hydra:member": members.map((member) => withLdType(member, type)),
    "hydra:totalItems": total,
    ...(paging ? { "hydra:view": partialCollectionView(url, total, paging) } : {}),
    ...extra,
  });
}

function partialCollectionView(url: URL, total: number, { page, pageSize }: Paging) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return {
    "@id": addressWithPage(url, page),
    "@type": "hydra:PartialCollectionView",
    "hydra:first": addressWithPage(url, 1),
    "hydra:last": addressWithPage(url, last),
    ...(page > 1 ? { "hydra:previous": addressWithPage(url, Math.min(page - 1, last)) } : {}),
    ...(page < last ? { "hydra:next": addressWithPage(url, page + 1) } : {}),
  };
}

/** The request's path and query with `page` set last (or left out), its other parameters spelled as the client sent them. */
function addressWithPage(url: URL, page: number | null): string {
  const kept = url.search
    .slice(1)
    .split("&")
    .filter((pair) => pair !== "" && pair !== "page" && !pair.startsWith("page="));
  const query = [...kept, ...(page === null ? [] : [`page=${page}`])].join("&");
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** One resource with its JSON-LD @type (and @id when the view carries an apiUri-style id). */
export function withLdType<T extends object>(view: T, type: string, id?: string): T & { "@type": string } {
  return id ? { "@id": id, "@type": type, ...view } : { "@type": type, ...view };
}

/** A resource answered on its own: with the JSON-LD context of its @type (/api/contexts/{Type}). */
export function ldResource<T extends object>(
  c: Context,
  view: T,
  type: string,
  id?: string,
  status: ContentfulStatusCode = 200,
): Response {
  return jsonLd(c, { "@context": `/api/contexts/${type}`, ...withLdType(view, type, id) }, status);
}

export function apiError(c: Context, status: ContentfulStatusCode, title: string, violations?: Violation[]): Response {
  return jsonLd(
    c,
    { "@context": "/api/contexts/Error", "@type": "Error", status, title, ...(violations ? { violations } : {}) },
    status,
  );
}

export const notFound = (c: Context, what = "Resource") => apiError(c, 404, `${what} not found`);
