import { Link, useLocation, useRouteLoaderData } from "react-router";
import { breadcrumbsFor } from "../lib/breadcrumbs.ts";
import { SITE_LAYOUT_ID, type SiteLayoutData } from "../lib/scope.ts";

/**
 * product.md §2: a crumb for each path segment, named as the site names it (decision 078); none on the home
 * page. The layout leaves them out of pages that are not found or failed: their address names nothing.
 */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const names = useRouteLoaderData<SiteLayoutData>(SITE_LAYOUT_ID)?.crumbNames;
  const crumbs = breadcrumbsFor(pathname, names);
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className="border-b border-gray-200 bg-gray-50">
      <ol className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 text-sm">
        <li>
          <Link to="/" className="text-brand-grey-light underline-offset-2 hover:text-brand-red hover:underline">
            Home
          </Link>
        </li>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.href} className="flex items-center gap-2">
              <span aria-hidden="true" className="text-gray-400">
                /
              </span>
              {last ? (
                <span aria-current="page" className="font-semibold text-brand-grey">
                  {crumb.label}
                </span>
              ) : (
                <Link
                  to={crumb.href}
                  className="text-brand-grey-light underline-offset-2 hover:text-brand-red hover:underline"
                >
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
