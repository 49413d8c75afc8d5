import { Form, isRouteErrorResponse, NavLink, Outlet, redirect, useRouteError, useRouteLoaderData } from "react-router";
import { STAFF_ROLE_LABELS } from "../../../core/staff/roles.ts";
import { CsrfField } from "../../components/staff/csrf-field.tsx";
import { useFocusOnNavigation } from "../../lib/focus-on-navigation.ts";
import { STAFF_PAGES_WITHOUT_SESSION, STAFF_TITLE_SUFFIX, staffNavigation } from "../../lib/staff-navigation.ts";
import { currentStaff, loginPath } from "../../lib/staff.server.ts";
import type { Route } from "./+types/layout";

/**
 * Every /staff page: the back office's own header (no public navigation, no dealer scope), navigation by
 * role, the signed-in person and sign-out. Not indexed (this meta and the X-Robots-Tag header), never cached.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await currentStaff(request);
  const page = new URL(request.url).pathname.replace(/\.data$/, "");
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

export const STAFF_LAYOUT_ID = "routes/staff/layout";

/**
 * Every staff page and its data answer says itself that it is personal (decision 047): no cache, shared or
 * in this process, may keep it, whatever any path rule in front of the router concludes.
 */
export function headers() {
  return { "Cache-Control": STAFF_CACHE_CONTROL };
}

export const STAFF_CACHE_CONTROL = "private, no-store";

function StaffChrome({ signedIn, children }: { signedIn: Route.ComponentProps["loaderData"]["signedIn"] | null; children: React.ReactNode }) {
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
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="text-lg font-bold">Honda Dealer Group back office</p>
          {signedIn ? (
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <p>
                {signedIn.displayName} <span className="text-gray-200">({signedIn.roleLabel})</span>
              </p>
              <Form method="post" action="/staff/logout">
                <CsrfField token={signedIn.csrfToken} />
                <button type="submit" className="rounded border border-white px-3 py-1 font-semibold hover:bg-white hover:text-brand-grey focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
                  Sign out
                </button>
              </Form>
            </div>
          ) : null}
        </div>
        {signedIn ? (
          <nav aria-label="Back office" className="bg-brand-grey-light">
            <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-1 px-2">
              {signedIn.navigation.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    className="inline-block px-3 py-2 font-semibold text-white underline-offset-4 hover:underline aria-[current=page]:underline aria-[current=page]:decoration-2 focus-visible:outline-2 focus-visible:outline-white"
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 focus:outline-none">
        {children}
      </main>
    </>
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
      ? ["Not found", "There is nothing here that you can open. It may have been removed, or it belongs to a dealer you do not work for."]
      : status === 403
        ? ["Not allowed", isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "Your role does not give access to this page."]
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
