import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { NotFound } from "./components/not-found.tsx";

// An icon of our own: without one the browser asks for /favicon.ico and logs the 404 on every first visit.
export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-ZA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c8102e" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-brand-grey antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
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
