import { useEffect } from "react";
import { Link } from "react-router";
import { type SavedVehicle, useShortlist } from "../../lib/shortlist.ts";

/**
 * The vehicles this browser viewed before this one (local storage only), as links; records this one.
 * Rendered after hydration only: the server does not know them.
 */
export function RecentlyViewed({ current }: { current: SavedVehicle }) {
  const recent = useShortlist("recent");
  const { id, title, uri } = current;
  // biome-ignore lint/correctness/useExhaustiveDependencies: records each vehicle once per visit
  useEffect(() => {
    recent.push({ id, title, uri });
  }, [id]);
  const others = recent.list.filter((v) => v.id !== id).slice(0, 6);
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="recent-heading" className="mt-12">
      <h2 id="recent-heading" className="text-2xl font-bold">
        Recently viewed
      </h2>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        {others.map((v) => (
          <li key={v.id}>
            <Link to={v.uri} className="font-semibold text-brand-red underline">
              {v.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
