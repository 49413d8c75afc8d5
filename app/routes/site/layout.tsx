import { useEffect } from "react";
import { Link, NavLink, Outlet, useLocation, useRouteLoaderData } from "react-router";
import type { DealerView } from "../../../core/dealers/dealers.ts";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import { DEALER_SLUG_KEY, dealerPath } from "../../lib/scope.ts";
import { RouteSkeleton } from "../../components/skeletons.tsx";
import type { Route } from "./+types/layout";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = await resolveDealerScope(context.db, request, params);
  return { dealer: scope.dealer, dealerInRoute: scope.inRoute };
}

export const SITE_LAYOUT_ID = "routes/site/layout";

/** The dealer the current page is scoped to (null for the whole group), for any component under the layout. */
export function useScopedDealer(): DealerView | null {
  const data = useRouteLoaderData<typeof loader>(SITE_LAYOUT_ID);
  return data?.dealer ?? null;
}

/** Remembers the chosen dealer (local storage, mirrored in a cookie for the server) and clears it on /. */
function useRememberedDealer(dealer: DealerView | null, dealerInRoute: boolean) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === "/") {
      localStorage.removeItem(DEALER_SLUG_KEY);
      document.cookie = `${DEALER_SLUG_KEY}=; Path=/; Max-Age=0; SameSite=Lax`;
    } else if (dealer && dealerInRoute) {
      localStorage.setItem(DEALER_SLUG_KEY, dealer.slug);
      document.cookie = `${DEALER_SLUG_KEY}=${encodeURIComponent(dealer.slug)}; Path=/; Max-Age=31536000; SameSite=Lax`;
    }
  }, [pathname, dealer, dealerInRoute]);
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { dealer, dealerInRoute } = loaderData;
  useRememberedDealer(dealer, dealerInRoute);
  const slug = dealer?.slug;
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <header className="bg-brand-grey text-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3">
          <Link to={dealerPath(slug, "/")} className="text-xl font-bold">
            {dealer ? dealer.dealerName : "Honda Dealer Group"}
          </Link>
          <nav aria-label="Main">
            <ul className="flex gap-4">
              <li>
                <NavLink to={dealerPath(slug, "/dealer")} className="hover:underline">
                  Dealers
                </NavLink>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main">
        <RouteSkeleton>
          <Outlet />
        </RouteSkeleton>
      </main>
      <footer className="mt-16 bg-brand-grey px-4 py-8 text-center text-sm text-white">
        <p>© 2024 Honda Dealer Group. All rights reserved.</p>
      </footer>
    </>
  );
}
