/**
 * React Router's data requests: the address the browser fetches a page's loader data from, or posts a page's form
 * to, when it navigates with JavaScript. React Router 8 spells them `/used.data` for `/used`, and `/used/_.data` for
 * `/used/` (`/_.data` for `/`), with the route ids it wants in `?_routes=` (docs/decisions/085-node-24-and-react-router-8.md).
 * Since React Router 8, loaders and actions see the raw request, data-request form and all. Nothing else in the
 * server or the pages spells these forms: they ask these helpers.
 */

const DATA_SUFFIX = ".data";
/** The data request of a path that ends in a slash (React Router 8's trailing-slash-aware form). */
const SLASH_DATA_SUFFIX = "/_.data";
const ROUTES_PARAM = "_routes";

/** Whether a path is a data request (`/used.data`, `/_.data`) rather than a page or a file. */
export function isDataRequest(path: string): boolean {
  return path.endsWith(DATA_SUFFIX);
}

/** The page a path shows: the path itself, or for a data request the page it loads data for (`/_.data` is `/`). */
export function pagePathOf(path: string): string {
  if (path.endsWith(SLASH_DATA_SUFFIX)) return path.slice(0, -SLASH_DATA_SUFFIX.length + 1);
  return isDataRequest(path) ? path.slice(0, -DATA_SUFFIX.length) : path;
}

/** The data request for a page path or route pattern, as the router's client asks for it (`/` is `/_.data`). */
export function dataRequestPathOf(pagePath: string): string {
  return pagePath.endsWith("/") ? `${pagePath}_${DATA_SUFFIX}` : `${pagePath}${DATA_SUFFIX}`;
}

/** A page path or route pattern and its data request: the two addresses one page route answers at. */
export function pageAndDataRequestPaths(pagePath: string): [string, string] {
  return [pagePath, dataRequestPathOf(pagePath)];
}

/** Carries a data request's form onto another page path (`/Staff/Leads.data` spelled `/staff/leads` is `/staff/leads.data`). */
export function withDataRequestFormOf(path: string, pagePath: string): string {
  return isDataRequest(path) ? dataRequestPathOf(pagePath) : pagePath;
}

/** The route ids a data request asks for (`?_routes=a,b`); undefined when it asks for every route matching its page. */
export function requestedRouteIds(url: URL): string[] | undefined {
  return url.searchParams.get(ROUTES_PARAM)?.split(",");
}

/**
 * The page a request shows, as the visitor's address bar has it: the data request's page, without `_routes`.
 * A fresh URL, which the caller may change.
 */
export function pageUrlOf(request: Request | URL): URL {
  const url = request instanceof URL ? request : new URL(request.url);
  const page = new URL(url);
  page.pathname = pagePathOf(url.pathname);
  page.searchParams.delete(ROUTES_PARAM);
  return page;
}
