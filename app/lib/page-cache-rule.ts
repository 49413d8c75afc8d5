/**
 * A route's declaration that its page is the same for every visitor (no form token, nothing personal, nothing
 * read from a cookie but the remembered dealer), so that the rendered-page cache may keep it
 * (server/page-cache.ts, decision 047). The cache keeps a page only when every route it matches, from the
 * root down, exports `handle = PUBLIC_PAGE`; a route without it is rendered for each request.
 */
export const PUBLIC_PAGE = { pageCache: "public" } as const;
