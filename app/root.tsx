import { type ReactNode, useContext } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { NotFound } from "./components/not-found.tsx";
import { HydrationMark } from "./lib/hydrated.ts";
import { InlineStylesheet } from "./lib/inline-stylesheet.ts";
import { PUBLIC_PAGE } from "./lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

export const links: Route.LinksFunction = () => [
  // An icon of our own: without one the browser asks for /favicon.ico and logs the 404 on every first visit.
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  const inline = useContext(InlineStylesheet);
  return (
    <html lang="en-ZA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c8102e" />
        {/*
          The stylesheet inlined (about 9 KB compressed): no request blocks the first paint. With a precedence
          React writes it at the top of the head and, in the browser, adopts it by its href instead of rendering it.
        */}
        <style href={stylesheet} precedence="default" nonce={inline?.nonce}>
          {inline?.css ?? ""}
        </style>
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-brand-grey antialiased">
        {children}
        {/* Both take the response's CSP nonce from <ServerRouter nonce> (app/entry.server.tsx). */}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <HydrationMark part="shell" />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main">
        <title>Page not found | Honda Dealer Group</title>
        <NotFound />
      </main>
    );
  }
  // The server answers a database outage with its own 503 page; this one is for a navigation in the browser
  // whose data request got that 503.
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <main id="main" className="mx-auto max-w-2xl px-4 py-24 text-center">
        <title>Temporarily unavailable | Honda Dealer Group</title>
        <h1 className="text-3xl font-bold">We will be right back</h1>
        <p className="mt-4">
          The site is busy catching its breath. Please try again in a minute: nothing you sent has been lost.
        </p>
        <a href="/" className="mt-8 inline-block font-semibold text-brand-red underline">
          Back Home
        </a>
      </main>
    );
  }
  // A request the page could not read (app/lib/form-body.server.ts): the client's mistake, explained.
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && typeof error.data === "string") {
    return (
      <main id="main" className="mx-auto max-w-2xl px-4 py-24 text-center">
        <title>Your form could not be read | Honda Dealer Group</title>
        <h1 className="text-3xl font-bold">Your form could not be read</h1>
        <p className="mt-4">{error.data}</p>
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>Something went wrong | Honda Dealer Group</title>
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4">We could not show this page. Please try again in a moment.</p>
      <a href="/" className="mt-8 inline-block font-semibold text-brand-red underline">
        Back Home
      </a>
    </main>
  );
}
