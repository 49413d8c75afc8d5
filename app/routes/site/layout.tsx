import { pageUrlOf } from "../../framework/data-requests.ts";
import { appContext } from "../../load-context.ts";
import { type ReactNode, Suspense, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Outlet,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { DealerView } from "../../../core/dealers/dealers.server.ts";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { RouteSkeleton } from "../../components/skeletons.tsx";
import { NotFound } from "../../components/not-found.tsx";
import { isRetiredModelAnswer, RetiredModel } from "../../components/retired-model.tsx";
import { SiteFooter } from "../../components/site-footer.tsx";
import { SiteHeader } from "../../components/site-header.tsx";
import { HydrationMark } from "../../lib/hydrated.ts";
import { SocialLinks } from "../../components/social-links.tsx";
import { readCookie } from "../../../core/shared/cookies.ts";
import { rememberedDealerCookie, resolveDealerScope } from "../../lib/scope.server.ts";
import { DEALER_SLUG_KEY, dealerCookie } from "../../../core/dealers/remembered-dealer.ts";
import { DEMO_LEGAL_DETAILS } from "../../../core/dealers/group.ts";
import { useFocusOnNavigation } from "../../lib/focus-on-navigation.ts";
import { useWebVitalsReport } from "../../lib/web-vitals.ts";
import type { Route } from "./+types/layout";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";
import { SITE_LAYOUT_ID, type SiteLayoutData } from "../../lib/scope.ts";
import { crumbNamesOf } from "../../lib/crumb-names.server.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = await resolveDealerScope(context.get(appContext).readModels, request, params);
  const { pathname } = pageUrlOf(request);
  const page = {
    dealer: scope.dealer,
    dealerInRoute: scope.inRoute,
    siteUrl: context.get(appContext).siteUrl,
    crumbNames: await crumbNamesOf(context.get(appContext), params, pathname, scope.inRoute ? scope.dealer : null),
    vitalsSampleRate: context.get(appContext).vitalsSampleRate ?? 0,
    groupLegal: context.get(appContext).groupLegal ?? DEMO_LEGAL_DETAILS,
  } satisfies SiteLayoutData;
  const cookie = rememberedDealerCookie(request, scope);
  return cookie ? data(page, { headers: { "Set-Cookie": cookie } }) : page;
}

/** The title of an error page rendered by this layout's boundary (pages give their own otherwise). */
export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 404 ? "Page not found" : status === 400 ? "This address is not valid" : "Something went wrong";
  return [{ title: `${title} | Honda Dealer Group` }, { name: "robots", content: "noindex" }];
}

function writeDealerCookie(slug: string | null) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the browsers many buyers use
  document.cookie = dealerCookie(slug);
}

/**
 * Remembers the chosen dealer (product.md §1). The cookie is the one source of truth: the server's answer to a
 * page load sets or clears it (rememberedDealerCookie, so it holds without scripts), and this sets or clears it
 * by the same rule after a client-side navigation, which does not always ask the server for the layout's data.
 * Local storage under DEALER_SLUG_KEY only mirrors the cookie: it is never read back into it, so a home page the
 * visitor left before its scripts ran (the server cleared the cookie, the stored copy was still there) does not
 * bring the dealer back on the next page.
 */
function useRememberedDealer(dealer: DealerView | null, dealerInRoute: boolean) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === "/") writeDealerCookie(null);
    else if (dealer && dealerInRoute) writeDealerCookie(dealer.slug);
    mirrorDealerCookie();
  }, [pathname, dealer, dealerInRoute]);
}

/** A page whose route declares `handle.breadcrumbs = false` (the not-found page): its address names nothing. */
function usePageHasBreadcrumbs(): boolean {
  return !useMatches().some((match) => (match.handle as { breadcrumbs?: boolean } | undefined)?.breadcrumbs === false);
}

/** Local storage's copy of the remembered dealer, made the cookie's. */
function mirrorDealerCookie() {
  let carried: string | null;
  try {
    carried = readCookie(document.cookie, DEALER_SLUG_KEY);
  } catch {
    carried = null; // a malformed cookie names no dealer; the server replaces it on the next page
  }
  if (carried) localStorage.setItem(DEALER_SLUG_KEY, carried);
  else localStorage.removeItem(DEALER_SLUG_KEY);
}

/** Header, breadcrumbs, main, footer and the floating social links around every page. */
function SiteShell({
  dealer,
  breadcrumbs,
  children,
}: {
  dealer: DealerView | null;
  breadcrumbs: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-brand-grey"
      >
        Skip to content
      </a>
      <SiteHeader dealer={dealer} />
      {breadcrumbs ? <Breadcrumbs /> : null}
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Suspense>
          {children}
          <HydrationMark part="main" />
        </Suspense>
      </main>
      <SocialLinks dealerSlug={dealer?.slug ?? null} />
      <Suspense>
        <SiteFooter dealer={dealer} />
        <HydrationMark part="footer" />
      </Suspense>
    </>
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { dealer, dealerInRoute } = loaderData;
  useRememberedDealer(dealer, dealerInRoute);
  useFocusOnNavigation();
  useWebVitalsReport(loaderData.vitalsSampleRate);
  const breadcrumbs = usePageHasBreadcrumbs();
  return (
    <SiteShell dealer={dealer} breadcrumbs={breadcrumbs}>
      <RouteSkeleton>
        <Outlet />
      </RouteSkeleton>
    </SiteShell>
  );
}

/**
 * Errors of the layout (an unknown dealer in the route) and of its pages render inside the site shell:
 * 404 shows the spec's not-found page, 410 a retired model's page, 400 a bad-request note, anything else a
 * generic message.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>(SITE_LAYOUT_ID);
  const dealer = data?.dealer ?? null;
  let body: ReactNode;
  if (isRouteErrorResponse(error) && error.status === 404) {
    body = <NotFound />;
  } else if (isRouteErrorResponse(error) && error.status === 410 && isRetiredModelAnswer(error.data)) {
    body = <RetiredModel {...error.data} />;
  } else if (isRouteErrorResponse(error) && typeof error.data?.formError === "string") {
    // A form the action could not read (app/lib/form-body.server.ts): the client's mistake, explained.
    body = (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Your form could not be read</h1>
        <p className="mt-4 text-lg">{error.data.formError}</p>
      </section>
    );
  } else if (isRouteErrorResponse(error) && error.status === 400) {
    body = (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">This address is not valid</h1>
        <p className="mt-4 text-lg text-brand-grey-light">
          {typeof error.data === "string" ? error.data : "Please check the link and try again."}
        </p>
        <a
          href="/"
          className="mt-8 inline-block rounded bg-brand-red px-6 py-3 font-semibold text-white hover:bg-brand-red-dark"
        >
          Back Home
        </a>
      </section>
    );
  } else {
    body = (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Something went wrong</h1>
        <p className="mt-4">We could not show this page. Please try again in a moment.</p>
        <a
          href="/"
          className="mt-8 inline-block rounded bg-brand-red px-6 py-3 font-semibold text-white hover:bg-brand-red-dark"
        >
          Back Home
        </a>
      </section>
    );
  }
  // An error page's address names nothing that exists: no crumbs made from it.
  return (
    <SiteShell dealer={dealer} breadcrumbs={false}>
      {body}
    </SiteShell>
  );
}
