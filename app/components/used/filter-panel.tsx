import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { type NavigateFunction, useLocation, useNavigate } from "react-router";
import type { UsedFilters } from "../../../core/inventory/used-vehicles.ts";
import { canonicalListing, FILTER_GROUPS, type ListingState, listingHref, listingPath } from "../../lib/used-listing.ts";

export const FILTER_FORM_ID = "used-filters";
const PANEL_ID = "used-filters-panel";

/**
 * With JavaScript, a change of any control goes straight to the listing's canonical URL (client-side), by
 * the same rules the server applies to a submitted form. The SPEC's checkbox rules are applied to the
 * form first: 'Any' clears its group, unchecking the last option checks 'Any' again.
 */
export function navigateFromForm(
  form: HTMLFormElement,
  state: ListingState,
  dealerSlug: string | null,
  navigate: NavigateFunction,
  keepFiltersOpen: boolean,
) {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string" && value !== "Any") params.append(key, value);
  }
  const { state: next } = canonicalListing({ makeSlug: state.makeSlug, modelSlug: state.modelSlug }, params);
  void navigate(listingHref(dealerSlug, next), { preventScrollReset: true, state: { filtersOpen: keepFiltersOpen } });
}

function applyCheckboxRules(form: HTMLFormElement, target: HTMLInputElement) {
  const group = target.dataset.group;
  if (!group) return;
  const boxes = [...form.querySelectorAll<HTMLInputElement>(`input[data-group="${group}"]`)];
  const any = boxes.find((box) => box.dataset.any === "true");
  const options = boxes.filter((box) => box !== any);
  if (!any) return;
  if (target === any) {
    if (!any.checked) any.checked = true; // 'Any' is left only by choosing an option
    else for (const box of options) box.checked = false;
  } else if (target.checked) {
    any.checked = false;
  } else if (!options.some((box) => box.checked)) {
    any.checked = true;
  }
}

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function FilterPanel({
  state,
  filters,
  dealerSlug,
}: {
  state: ListingState;
  filters: UsedFilters;
  dealerSlug: string | null;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState((location.state as { filtersOpen?: boolean } | null)?.filtersOpen === true);
  const formRef = useRef<HTMLFormElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const toggleRef = useRef<HTMLAnchorElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const form = formRef.current;
    if (!form) return;
    if (event.target instanceof HTMLInputElement && event.target.type === "checkbox") applyCheckboxRules(form, event.target);
    navigateFromForm(form, state, dealerSlug, navigate, open);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) close();
  };

  const makes = withCurrent(filters.makes, state.makeSlug);
  const models = withCurrent(filters.models, state.modelSlug);
  const chosen = state.fuelTypes.length + state.transmissions.length + state.states.length + (state.makeSlug ? 1 : 0);
  const counts = {
    transmissions: filters.transmissionTypes,
    states: filters.vehicleStates,
    fuelTypes: filters.fuelTypes,
  };

  return (
    <div>
      <a
        ref={toggleRef}
        href={`#${PANEL_ID}`}
        aria-controls={PANEL_ID}
        aria-expanded={hydrated ? open : undefined}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        className="mb-4 inline-flex min-h-11 items-center gap-2 rounded border border-brand-grey px-4 font-semibold md:hidden"
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 5h18M6 12h12M10 19h4" />
        </svg>
        Filters{chosen > 0 ? ` (${chosen})` : ""}
      </a>
      <div
        id={PANEL_ID}
        onKeyDown={onKeyDown}
        className={`${open ? "fixed block" : "hidden"} inset-0 z-40 bg-black/50 target:fixed target:block md:static md:z-auto md:block md:bg-transparent`}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
      >
        <div
          role={open ? "dialog" : "region"}
          aria-modal={open ? true : undefined}
          aria-labelledby="used-filters-heading"
          className="h-full w-80 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl md:h-auto md:w-auto md:max-w-none md:p-0 md:shadow-none"
        >
          <div className="flex items-center justify-between">
            <h2 id="used-filters-heading" className="text-xl font-bold">
              Filters
            </h2>
            {hydrated ? (
              <button ref={closeRef} type="button" onClick={close} className="min-h-11 px-3 font-semibold underline md:hidden">
                Close
              </button>
            ) : (
              <a href="#" className="inline-flex min-h-11 items-center px-3 font-semibold underline md:hidden">
                Close
              </a>
            )}
          </div>
          <form
            ref={formRef}
            id={FILTER_FORM_ID}
            method="get"
            action={listingPath(dealerSlug, state.makeSlug, state.modelSlug)}
            onChange={onChange}
            onSubmit={(event) => {
              event.preventDefault();
              if (formRef.current) navigateFromForm(formRef.current, state, dealerSlug, navigate, false);
              setOpen(false);
            }}
            className="mt-4 space-y-6"
          >
            <fieldset>
              <legend className="mb-2 font-semibold">Make &amp; Model</legend>
              <label htmlFor="used-make" className="block text-sm">
                Make
              </label>
              <select
                id="used-make"
                name="make"
                defaultValue={state.makeSlug ?? ""}
                className="mt-1 block min-h-11 w-full rounded border border-gray-400 bg-white px-2"
              >
                <option value="">Any</option>
                {makes.map((make) => (
                  <option key={make.slug} value={make.slug}>
                    {make.name} ({make.count.toLocaleString("en-ZA")})
                  </option>
                ))}
              </select>
              <label htmlFor="used-model" className="mt-3 block text-sm">
                Model
              </label>
              <select
                id="used-model"
                name="model"
                defaultValue={state.modelSlug ?? ""}
                disabled={!state.makeSlug}
                className="mt-1 block min-h-11 w-full rounded border border-gray-400 bg-white px-2 disabled:bg-gray-100"
              >
                <option value="">{state.makeSlug ? "Any" : "Choose a make first"}</option>
                {models.map((model) => (
                  <option key={model.slug} value={model.slug}>
                    {model.name} ({model.count.toLocaleString("en-ZA")})
                  </option>
                ))}
              </select>
            </fieldset>
            {FILTER_GROUPS.map((group) => {
              const selected: readonly string[] = state[group.key];
              return (
                <fieldset key={group.name}>
                  <legend className="mb-2 font-semibold">{group.legend}</legend>
                  <ul className="space-y-1">
                    <li>
                      <label className="flex min-h-11 items-center gap-3 md:min-h-8">
                        <input
                          type="checkbox"
                          // Named only when it would change something: checked beside chosen options, it clears them.
                          name={selected.length > 0 ? group.name : undefined}
                          value="Any"
                          data-group={group.name}
                          data-any="true"
                          defaultChecked={selected.length === 0}
                          className="size-5 accent-brand-red"
                        />
                        Any
                      </label>
                    </li>
                    {group.options.map((option) => {
                      const count = counts[group.key].find((c) => c.value === option)?.count ?? 0;
                      return (
                        <li key={option}>
                          <label className="flex min-h-11 items-center gap-3 md:min-h-8">
                            <input
                              type="checkbox"
                              name={group.name}
                              value={option}
                              data-group={group.name}
                              defaultChecked={selected.includes(option)}
                              className="size-5 accent-brand-red"
                            />
                            <span>
                              {option} <span className="text-brand-grey-light">({count.toLocaleString("en-ZA")})</span>
                            </span>
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                </fieldset>
              );
            })}
            <button
              type="submit"
              className="min-h-11 w-full rounded bg-brand-red px-4 font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey"
            >
              {hydrated ? "Show results" : "Apply filters"}
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}

/** The options, with the chosen one kept even when the other filters leave it no vehicles. */
function withCurrent(options: { name: string; slug: string; count: number }[], current: string | undefined) {
  if (!current || options.some((option) => option.slug === current)) return options;
  return [...options, { name: current.replace(/-/g, " "), slug: current, count: 0 }];
}
