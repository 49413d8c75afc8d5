import { Link } from "react-router";
import { type ListingState, listingHref } from "../../lib/used-listing.ts";

/** Page links for the used listing (shown only when there is more than one page); the page is in the query string. */
export function Pagination({
  state,
  pages,
  dealerSlug,
}: {
  state: ListingState;
  pages: number;
  dealerSlug: string | null;
}) {
  const current = state.page;
  const href = (page: number) => listingHref(dealerSlug, { ...state, page });
  const shown = pageWindow(current, pages);
  const linkClass =
    "inline-flex min-h-11 min-w-11 items-center justify-center rounded border border-gray-300 px-3 font-semibold hover:border-brand-red focus-visible:outline-2 focus-visible:outline-brand-red";
  return (
    <nav aria-label="Pagination" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {current > 1 && (
          <li>
            <Link to={href(Math.min(current - 1, pages))} className={linkClass} rel="prev">
              Previous
            </Link>
          </li>
        )}
        {shown.map((page, index) =>
          page === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no page number of its own
            <li key={`gap-${index}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={page}>
              {page === current ? (
                <span aria-current="page" className={`${linkClass} border-brand-red bg-brand-red text-white`}>
                  <span className="sr-only">Page </span>
                  {page}
                </span>
              ) : (
                <Link to={href(page)} className={linkClass} aria-label={`Page ${page}`}>
                  {page}
                </Link>
              )}
            </li>
          ),
        )}
        {current < pages && (
          <li>
            <Link to={href(current + 1)} className={linkClass} rel="next">
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** 1 … 4 5 6 … 20: the first, the last, and two either side of the current page. */
function pageWindow(current: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages]);
  for (let page = current - 2; page <= current + 2; page++) if (page >= 1 && page <= pages) wanted.add(page);
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) out.push(null);
    out.push(page);
  });
  return out;
}
