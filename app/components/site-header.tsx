import { Link, useLocation } from "react-router";
import type { DealerView } from "../../core/dealers/dealers.server.ts";
import { callPing, useSiteUrl } from "../lib/go-links.ts";
import { telHref } from "../lib/hours.ts";
import { currentState, type NavItem, siteNavigation } from "../lib/navigation.ts";
import { dealerPath } from "../lib/scope.ts";
import { MobileDrawer } from "./mobile-drawer.tsx";

/** product.md §2: top bar (News, Contact), logo, main navigation; a side drawer below md. */
export function SiteHeader({ dealer }: { dealer: DealerView | null }) {
  const { pathname } = useLocation();
  const { main, top } = siteNavigation(dealer);
  const siteUrl = useSiteUrl();
  return (
    <header id="top" className="bg-brand-grey text-white">
      <div className="border-b border-white/10 bg-black/30">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 text-sm">
          <p className="truncate text-gray-200">
            {dealer ? (
              <>
                <span className="sr-only">Viewing </span>
                {dealer.dealerName}
                <a
                  href={telHref(dealer.dealer_contact_no)}
                  ping={callPing(siteUrl, dealer.slug)}
                  className="ml-3 hidden underline-offset-2 hover:underline sm:inline"
                >
                  {dealer.dealer_contact_no}
                </a>
              </>
            ) : (
              "Honda cars and Honda Wing motorcycles across South Africa"
            )}
          </p>
          <nav aria-label="Top bar">
            <ul className="flex gap-4">
              {top.map((item) => (
                <li key={item.path}>
                  <NavItemLink
                    item={item}
                    pathname={pathname}
                    className="inline-flex min-h-8 items-center font-medium text-gray-100 hover:underline aria-[current]:text-white aria-[current]:underline"
                  />
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <div className="border-b-4 border-brand-red">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
          {/*
            Below md the logo is at least as tall as the menu button beside it (2.375rem, MobileDrawer's opener), so
            that a first paint taken before the parser reached the button (it yields where it likes) already has
            the row at its full height: the row grew under the logo otherwise, a layout shift (CLS).
          */}
          <Link
            to={dealerPath(dealer?.slug, "/")}
            className="flex items-center gap-2 text-xl font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white max-md:min-h-[2.375rem]"
          >
            <Logo />
            <span>
              {dealer ? dealer.dealerName : "Honda Dealer Group"}
              <span className="sr-only"> home</span>
            </span>
          </Link>
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex flex-wrap gap-x-1 gap-y-1">
              {main.map((item) => (
                <li key={item.path}>
                  <NavItemLink
                    item={item}
                    pathname={pathname}
                    className="block rounded px-3 py-2 text-sm font-semibold text-gray-100 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white aria-[current]:bg-brand-red aria-[current]:text-white"
                  />
                </li>
              ))}
            </ul>
          </nav>
          <MobileDrawer title="Menu">
            <nav aria-label="Main menu" className="px-2 py-3">
              <ul>
                {[...main, ...top].map((item) => (
                  <li key={item.path}>
                    <NavItemLink
                      item={item}
                      pathname={pathname}
                      className="block rounded px-3 py-3 font-semibold text-brand-grey hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-red aria-[current]:bg-brand-red aria-[current]:text-white"
                    />
                  </li>
                ))}
              </ul>
            </nav>
          </MobileDrawer>
        </div>
      </div>
    </header>
  );
}

function NavItemLink({ item, pathname, className }: { item: NavItem; pathname: string; className: string }) {
  return (
    <Link to={item.href} aria-current={currentState(pathname, item)} className={className}>
      {item.label}
    </Link>
  );
}

function Logo() {
  return (
    <svg aria-hidden="true" width="36" height="28" viewBox="0 0 36 28">
      <rect width="36" height="28" rx="5" fill="#c8102e" />
      <path d="M9 6h4v6.5h10V6h4v16h-4v-6h-10v6H9z" fill="#fff" />
    </svg>
  );
}
