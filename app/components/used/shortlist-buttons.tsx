import { useCallback, useRef } from "react";
import { Link } from "react-router";
import { compareQuery, idsQuery, type SavedVariant, type SavedVehicle, useShortlist } from "../../lib/shortlist.ts";
import { useHydrated } from "../../lib/hydrated.ts";

const BUTTON =
  "inline-flex min-h-11 items-center gap-1 rounded border border-brand-grey bg-white/95 px-3 text-sm font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey disabled:opacity-50 aria-pressed:border-brand-red aria-pressed:text-brand-red";

/**
 * Keep (favourites) and Compare toggles for one vehicle: real buttons with a pressed state, kept in local
 * storage (app/lib/shortlist.ts). They need JavaScript, so they appear once the page is hydrated; /saved
 * and /compare work from their URLs without it. Their row keeps its height (min-h-11) before then, so that
 * what follows them on the vehicle page does not move when they appear (CLS 0).
 */
export function ShortlistButtons({ vehicle, className = "" }: { vehicle: SavedVehicle; className?: string }) {
  const hydrated = useHydrated();
  const favourites = useShortlist("favourites");
  const compare = useShortlist("compare");
  if (!hydrated) return <div className={`min-h-11 ${className}`} />;
  const saved = favourites.has(vehicle.id);
  const comparing = compare.has(vehicle.id);
  return (
    <div className={`flex min-h-11 gap-2 ${className}`}>
      <button
        type="button"
        aria-pressed={saved}
        aria-label={`Save ${vehicle.title}`}
        className={BUTTON}
        onClick={() => favourites.toggle(vehicle)}
      >
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill={saved ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 21s-7-4.5-9.5-9A5.5 5.5 0 0 1 12 5.5 5.5 5.5 0 0 1 21.5 12C19 16.5 12 21 12 21z" />
        </svg>
        Save
      </button>
      <button
        type="button"
        aria-pressed={comparing}
        aria-label={`Compare ${vehicle.title}`}
        disabled={!comparing && compare.full}
        title={!comparing && compare.full ? `You can compare ${compare.limit} vehicles at a time` : undefined}
        className={BUTTON}
        onClick={() => compare.toggle(vehicle)}
      >
        Compare
      </button>
    </div>
  );
}

/** Links to the visitor's saved vehicles and compare picks, once there are any. */
export function ShortlistLinks() {
  const hydrated = useHydrated();
  const favourites = useShortlist("favourites");
  const compare = useShortlist("compare");
  if (!hydrated || (favourites.list.length === 0 && compare.list.length === 0)) return null;
  return (
    <nav aria-label="Your shortlist" className="flex flex-wrap gap-4 text-sm font-semibold">
      {favourites.list.length > 0 && (
        <Link to={`/saved${idsQuery(favourites.list)}`} className="text-brand-red underline">
          Saved vehicles ({favourites.list.length})
        </Link>
      )}
      {compare.list.length > 0 && (
        <Link to={`/compare${compareQuery(compare.list)}`} className="text-brand-red underline">
          Compare ({compare.list.length})
        </Link>
      )}
    </nav>
  );
}

/** The checkbox (before hydration) and the button (after) take the same width, so hydrating shifts nothing. */
const VARIANT_TOGGLE_WIDTH = "w-32 justify-center";

/**
 * The Compare control of a new variant (model pages). With JavaScript: a toggle button with a pressed state,
 * in the same compare list as used vehicles. Before hydration (and without JavaScript): a checkbox of the
 * GET form `formId` (VariantCompareSummary), which opens /compare?variants=… with the ticked ones.
 */
export function VariantCompareToggle({ variant, formId }: { variant: SavedVariant; formId: string }) {
  const hydrated = useHydrated();
  const compare = useShortlist("compare");
  const keepEarlyTick = useEarlyTick(() => {
    if (!compare.has(variant.variant)) compare.toggle(variant);
  });
  if (!hydrated) {
    const id = `${formId}-${variant.variant}`;
    return (
      <span
        className={`inline-flex min-h-11 shrink-0 items-center gap-2 rounded border border-brand-grey bg-white px-3 text-sm font-semibold ${VARIANT_TOGGLE_WIDTH}`}
      >
        <input
          ref={keepEarlyTick}
          type="checkbox"
          id={id}
          name="variants"
          value={variant.variant}
          form={formId}
          className="size-4 accent-brand-red"
        />
        <label htmlFor={id}>
          Compare<span className="sr-only"> {variant.title}</span>
        </label>
      </span>
    );
  }
  const comparing = compare.has(variant.variant);
  return (
    <button
      type="button"
      aria-pressed={comparing}
      aria-label={`Compare ${variant.title}`}
      disabled={!comparing && compare.full}
      title={!comparing && compare.full ? `You can compare ${compare.limit} vehicles at a time` : undefined}
      className={`${BUTTON} shrink-0 ${VARIANT_TOGGLE_WIDTH}`}
      onClick={() => compare.toggle(variant)}
    >
      Compare
    </button>
  );
}

/**
 * A ref for the no-script checkbox: when the toggle button replaces it at hydration, a tick the visitor made
 * meanwhile is carried over by `keep` (a tap before the scripts have come is not lost).
 */
function useEarlyTick(keep: () => void) {
  const latest = useRef(keep);
  latest.current = keep;
  return useCallback((box: HTMLInputElement | null) => {
    if (!box) return;
    return () => {
      if (box.checked) latest.current();
    };
  }, []);
}

/**
 * Beside VariantCompareToggles: without JavaScript, the form their checkboxes belong to; with it, how many
 * vehicles are picked (a polite status, so a screen reader hears each toggle) and the link to /compare.
 */
export function VariantCompareSummary({ formId }: { formId: string }) {
  const hydrated = useHydrated();
  const compare = useShortlist("compare");
  if (!hydrated) {
    return (
      <form id={formId} method="get" action="/compare" className="mt-3">
        <button type="submit" className={BUTTON}>
          Compare selected
        </button>
      </form>
    );
  }
  const count = compare.list.length;
  return (
    <div className="mt-3 flex min-h-11 flex-wrap items-center gap-4 text-sm">
      <p role="status">{count > 0 ? `${count} of ${compare.limit} picked to compare` : ""}</p>
      {count > 0 && (
        <Link to={`/compare${compareQuery(compare.list)}`} className="font-semibold text-brand-red underline">
          Compare ({count})
        </Link>
      )}
    </div>
  );
}
