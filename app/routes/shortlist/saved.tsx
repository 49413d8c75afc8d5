import { pageUrlOf } from "../../framework/data-requests.ts";
import { appContext } from "../../load-context.ts";
import { useEffect } from "react";
import { data, Link, useNavigate } from "react-router";
import { parseIdList } from "../../../core/inventory/id-list.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { VehicleCard } from "../../components/used/vehicle-card.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { idsQuery, useShortlist } from "../../lib/shortlist.ts";
import type { Route } from "./+types/saved";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

/**
 * /saved?ids=…: the visitor's favourites with their current price and availability, rendered on the server
 * from the ids in the URL, so the link reopens the same list on any device. Without ids, the page takes
 * them from this browser's favourites (JavaScript). A vehicle no longer in stock is listed as sold.
 */
const MAX_SAVED = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = pageUrlOf(request);
  const ids = parseIdList(url.searchParams.get("ids"), MAX_SAVED);
  if (!ids.ok) throw data(ids.violations[0]!.message, { status: 400 });
  const vehicles = await context.get(appContext).usedStock.vehicles(ids.value);
  const inStock = new Set(vehicles.map((v) => v.id));
  return {
    ids: ids.value,
    vehicles,
    sold: ids.value.filter((id) => !inStock.has(id)),
    shareUrl: new URL(`/saved${idsQuery(ids.value.map((id) => ({ id })))}`, context.get(appContext).siteUrl).toString(),
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Saved vehicles | Honda Dealer Group",
    description: "Your shortlist of used and demo vehicles.",
    noindex: true,
  });
}

export default function Saved({ loaderData }: Route.ComponentProps) {
  const { ids, vehicles, sold, shareUrl } = loaderData;
  const favourites = useShortlist("favourites");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // Opened without ids (the header link, a bookmark): show this browser's favourites.
  useEffect(() => {
    if (hydrated && ids.length === 0 && favourites.list.length > 0)
      void navigate(`/saved${idsQuery(favourites.list)}`, { replace: true });
  }, [hydrated, ids.length, favourites.list, navigate]);
  const titleOf = (id: number) => favourites.list.find((v) => v.id === id)?.title;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">Saved vehicles</h1>
      {ids.length === 0 ? (
        <p className="mt-4 text-lg">
          No saved vehicles yet. Press <strong>Save</strong> on any{" "}
          <Link to="/used" className="font-semibold text-brand-red underline">
            used or demo vehicle
          </Link>{" "}
          to keep it here (in this browser; no account needed).
        </p>
      ) : (
        <>
          <p className="mt-2">
            {vehicles.length} of {ids.length} still for sale.
          </p>
          <div className="mt-4 max-w-xl">
            <label htmlFor="saved-share" className="font-semibold">
              Share this list (opens it on any device)
            </label>
            <input
              id="saved-share"
              readOnly
              value={shareUrl}
              className="mt-1 block min-h-11 w-full rounded border border-gray-400 bg-gray-50 px-2"
              onFocus={(e) => e.currentTarget.select()}
            />
          </div>
          {vehicles.length > 0 && (
            <p className="mt-4">
              <Link to={`/compare${idsQuery(vehicles.slice(0, 3))}`} className="font-semibold text-brand-red underline">
                Compare the first {Math.min(3, vehicles.length)}
              </Link>
            </p>
          )}
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Saved vehicles">
            {vehicles.map((vehicle, index) => (
              <li key={vehicle.id}>
                <VehicleCard vehicle={vehicle} dealerSlug={null} eager={index < 3} />
              </li>
            ))}
            {sold.map((id) => (
              <li key={id} className="flex flex-col justify-center rounded-lg border border-dashed border-gray-400 p-4">
                <p className="font-semibold">{titleOf(id) ?? `Vehicle ${id}`}</p>
                <p className="mt-1">Sold: no longer for sale.</p>
                {favourites.has(id) && (
                  <button
                    type="button"
                    className="mt-3 min-h-11 self-start rounded border border-brand-grey px-3 font-semibold"
                    onClick={() => favourites.remove(id)}
                  >
                    Remove from saved
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
