import { pageUrlOf } from "../../framework/data-requests.ts";
import { Form, isRouteErrorResponse, NavLink, Outlet, redirect, useRouteError, useRouteLoaderData } from "react-router";
import { STAFF_ROLE_LABELS } from "../../../core/staff/roles.ts";
import { CsrfField } from "../../components/staff/csrf-field.tsx";
import { useFocusOnNavigation } from "../../lib/focus-on-navigation.ts";
import { STAFF_PAGES_WITHOUT_SESSION } from "../../../core/staff/open-pages.ts";
import { STAFF_TITLE_SUFFIX, type StaffNavigationItem, staffNavigation } from "../../lib/staff-navigation.ts";
import { MobileDrawer } from "../../components/mobile-drawer.tsx";
import { currentStaff, loginPath } from "../../lib/staff.server.ts";
import type { Route } from "./+types/layout";

/**
 * Every /staff page: the back office's own header (no public navigation, no dealer scope), navigation by
 * role (behind a Menu button on a phone), the signed-in person and sign-out. Not indexed (this meta and the X-Robots-Tag header), never cached.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await currentStaff(request);
  const page = pageUrlOf(request).pathname;
  if (!session) {
    if (!STAFF_PAGES_WITHOUT_SESSION.includes(page)) throw redirect(loginPath(request));
    return { signedIn: null };
  }
  return {
    signedIn: {
      displayName: session.displayName,
      email: session.email,
      roleLabel: STAFF_ROLE_LABELS[session.actor.role],
      csrfToken: session.csrfToken,
      navigation: staffNavigation(session.actor),
    },
  };
}

const STAFF_LAYOUT_ID = "routes/staff/layout";

/**
 * Every staff page and its data answer says itself that it is personal (decision 047): no cache, shared or
 * in this process, may keep it, whatever any path rule in front of the router concludes.
 */
export function headers() {
  return { "Cache-Control": STAFF_CACHE_CONTROL };
}

const STAFF_CACHE_CONTROL = "private, no-store";

function StaffChrome({
  signedIn,
  children,
}: {
  signedIn: Route.ComponentProps["loaderData"]["signedIn"] | null;
  children: React.ReactNode;
}) {
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-brand-grey"
      >
        Skip to content
      </a>
      <header className="border-b-4 border-brand-red bg-brand-grey text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3">
          <p className="text-lg font-bold">
            <span className="max-sm:hidden">Honda Dealer Group </span>
            <span className="sm:hidden">Back office</span>
            <span className="max-sm:hidden">back office</span>
          </p>
          {signedIn ? (
            <>
              {/* On a phone the pages come before the person: the menu button shares the first row, the name and Sign out take the second. */}
              <div className="flex flex-wrap items-center gap-3 text-sm max-md:order-last max-md:w-full">
                <p>
                  {signedIn.displayName} <span className="text-gray-200">({signedIn.roleLabel})</span>
                </p>
                <Form method="post" action="/staff/logout">
                  <CsrfField token={signedIn.csrfToken} />
                  <button
                    type="submit"
                    className="rounded border border-white px-3 py-1 font-semibold hover:bg-white hover:text-brand-grey focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                  >
                    Sign out
                  </button>
                </Form>
              </div>
              {/* Below md the back office's pages are behind one button, as the public site's menu (works without JavaScript). */}
              <MobileDrawer id="staff-menu" title="Back office menu">
                <nav aria-label="Back office" className="px-2 py-3">
                  <StaffLinks
                    items={signedIn.navigation}
                    linkClassName="block rounded px-3 py-3 font-semibold text-brand-grey hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-red aria-[current=page]:bg-brand-red aria-[current=page]:text-white"
                  />
                </nav>
              </MobileDrawer>
            </>
          ) : null}
        </div>
        {signedIn ? (
          <nav aria-label="Back office" className="hidden bg-brand-grey-light md:block">
            <StaffLinks
              items={signedIn.navigation}
              listClassName="mx-auto flex max-w-6xl flex-wrap gap-x-1 px-2"
              linkClassName="inline-block px-3 py-2 font-semibold text-white underline-offset-4 hover:underline aria-[current=page]:underline aria-[current=page]:decoration-2 focus-visible:outline-2 focus-visible:outline-white"
            />
          </nav>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 focus:outline-none">
        {children}
      </main>
    </>
  );
}

function StaffLinks({
  items,
  listClassName,
  linkClassName,
}: {
  items: StaffNavigationItem[];
  listClassName?: string;
  linkClassName: string;
}) {
  return (
    <ul className={listClassName}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end className={linkClassName}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  useFocusOnNavigation();
  return (
    <StaffChrome signedIn={loaderData.signedIn}>
      <Outlet />
    </StaffChrome>
  );
}

export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Not found" : status === 403 ? "Not allowed" : "Something went wrong";
  return [{ title: title + STAFF_TITLE_SUFFIX }];
}

/** A refused or missing record inside the back office: its 404 or 403 in the back office's own frame. */
export function ErrorBoundary() {
  const error = useRouteError();
  const layoutData = useRouteLoaderData<typeof loader>(STAFF_LAYOUT_ID);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [heading, text] =
    status === 404
      ? [
          "Not found",
          "There is nothing here that you can open. It may have been removed, or it belongs to a dealer you do not work for.",
        ]
      : status === 403
        ? [
            "Not allowed",
            isRouteErrorResponse(error) && typeof error.data === "string"
              ? error.data
              : "Your role does not give access to this page.",
          ]
        : ["Something went wrong", "This page could not be shown. Please try again in a moment."];
  return (
    <StaffChrome signedIn={layoutData?.signedIn ?? null}>
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="mt-4">{text}</p>
      <p className="mt-6">
        <a href="/staff" className="font-semibold text-brand-red underline">
          Back to the back office
        </a>
      </p>
    </StaffChrome>
  );
}
