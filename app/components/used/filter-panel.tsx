import { type RefObject, useLayoutEffect, useRef, useState } from "react";
import { type NavigateFunction, useNavigate } from "react-router";
import type { UsedFilters } from "../../../core/inventory/used-vehicles.server.ts";
import { useCommittedChange } from "../../lib/committed-change.ts";
import { KEEP_FOCUS } from "../../lib/focus-on-navigation.ts";
import {
  canonicalListing,
  FILTER_GROUPS,
  type ListingState,
  listingHref,
  listingPath,
  shownOptions,
} from "../../lib/used-listing.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { PanelDialog } from "../dialog.tsx";
import { RefineFields } from "./refine-fields.tsx";
import { StateSelect } from "./state-select.tsx";
import { formatNumber } from "../../../core/shared/format.ts";

export const FILTER_FORM_ID = "used-filters";
const PANEL_ID = "used-filters-panel";

/**
 * With JavaScript, a committed change of any control (see useCommittedChange) goes straight to the
 * listing's canonical URL (client-side), by the same rules the server applies to a submitted form. The
 * checkbox rules of product.md §4 are applied to the form first: 'Any' clears its group, unchecking the last option
 * checks 'Any' again. The panel and the sort menu are never remounted, so focus stays where it is. A change
 * made before the scripts came is applied the same way once they have (useShowState).
 */
export function navigateFromForm(
  form: HTMLFormElement,
  state: ListingState,
  dealerSlug: string | null,
  navigate: NavigateFunction,
) {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string" && value !== "Any") params.append(key, value);
  }
  const { state: next } = canonicalListing({ makeSlug: state.makeSlug, modelSlug: state.modelSlug }, params);
  void navigate(listingHref(dealerSlug, next), { preventScrollReset: true, state: KEEP_FOCUS });
}

/**
 * Checkboxes and the keywords field (uncontrolled, so that the checkbox rules can act on the form) show the listing's
 * state again whenever it changes: back and forward move between states without a remount. When the scripts take
 * over, the form is left as the visitor may have changed it before they came, and `applyEarlyChanges` is given it;
 * but a page loaded from history gets its listing's state back (the browser restores the controls as
 * they were when the visitor left, which can be a state the URL no longer holds).
 */
function useShowState(
  formRef: RefObject<HTMLFormElement | null>,
  listing: string,
  applyEarlyChanges: (form: HTMLFormElement) => void,
) {
  const hydrating = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the listing changes
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    if (hydrating.current) {
      hydrating.current = false;
      if (!loadedFromHistory()) return applyEarlyChanges(form);
    }
    for (const control of form.elements) {
      if (!(control instanceof HTMLInputElement)) continue;
      if (control.type === "checkbox" || control.type === "radio") control.checked = control.defaultChecked;
      else control.value = control.defaultValue; // the keywords: never remounted, so focus stays in the field
    }
  }, [listing]);
}

function loadedFromHistory(): boolean {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return entry?.type === "back_forward";
}

/**
 * The boxes ticked or unticked and the selects changed since the page was rendered (a text field is applied when
 * it loses focus, as it is once hydrated).
 */
function changedByVisitor(form: HTMLFormElement): Element[] {
  return [...form.elements].filter((control) => {
    if (control instanceof HTMLInputElement)
      return (control.type === "checkbox" || control.type === "radio") && control.checked !== control.defaultChecked;
    if (control instanceof HTMLSelectElement)
      return [...control.options].some((option) => option.selected !== option.defaultSelected);
    return false;
  });
}

function applyCheckboxRules(form: HTMLFormElement, target: HTMLInputElement) {
  const group = target.dataset.group;
  if (!group) return;
  const boxes = [...form.querySelectorAll<HTMLInputElement>(`input[data-group="${group}"]`)];
  const any = boxes.find((box) => box.dataset.any === "true");
  const options = boxes.filter((box) => box !== any);
  if (!any) return;
  if (target === any) {
    if (!any.checked)
      any.checked = true; // 'Any' is left only by choosing an option
    else for (const box of options) box.checked = false;
  } else if (target.checked) {
    any.checked = false;
  } else if (!options.some((box) => box.checked)) {
    any.checked = true;
  }
}

/**
 * The filter form's ref: a committed change navigates (the checkbox rules applied first), and the form shows the
 * listing's state again as it changes (useShowState).
 */
function useFilterForm(state: ListingState, dealerSlug: string | null) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement | null>(null);
  const commitRef = useCommittedChange<HTMLFormElement>((control) => {
    const form = formRef.current;
    if (!form) return;
    if (control instanceof HTMLInputElement && control.type === "checkbox") applyCheckboxRules(form, control);
    navigateFromForm(form, state, dealerSlug, navigate);
  });
  const setFormRef = (form: HTMLFormElement | null) => {
    formRef.current = form;
    return commitRef(form);
  };
  useShowState(formRef, listingHref(dealerSlug, state), (form) => {
    const changed = changedByVisitor(form);
    if (changed.length === 0) return;
    for (const control of changed) {
      if (control instanceof HTMLInputElement && control.type === "checkbox") applyCheckboxRules(form, control);
    }
    navigateFromForm(form, state, dealerSlug, navigate);
  });
  return { formRef, setFormRef, navigate };
}

/** How many filters are chosen, shown on the button that opens the panel on a phone. */
function chosenFilterCount(state: ListingState): number {
  const refinements = [
    state.priceMin,
    state.priceMax,
    state.yearMin,
    state.yearMax,
    state.mileageMax,
    state.keywords,
  ].filter((v) => v !== undefined).length;
  const groups = [state.bodyTypes, state.colours, state.provinces, state.dealerSlugs].reduce(
    (sum, values) => sum + (values?.length ?? 0),
    0,
  );
  return (
    state.fuelTypes.length +
    state.transmissions.length +
    state.states.length +
    (state.makeSlug ? 1 : 0) +
    refinements +
    groups
  );
}

export function FilterPanel({
  state,
  filters,
  dealerSlug,
  announcement,
}: {
  state: ListingState;
  filters: UsedFilters;
  dealerSlug: string | null;
  /** The listing's live-region text, repeated inside the open dialog (the page behind is hidden from screen readers). */
  announcement: string;
}) {
  const [open, setOpen] = useState(false);
  const { formRef, setFormRef, navigate } = useFilterForm(state, dealerSlug);
  const counts = {
    transmissions: filters.transmissionTypes,
    states: filters.vehicleStates,
    fuelTypes: filters.fuelTypes,
  };

  return (
    <div>
      <PanelDialog
        id={PANEL_ID}
        title="Filters"
        open={open}
        onOpenChange={setOpen}
        opener={<FiltersOpener chosen={chosenFilterCount(state)} />}
        openerClassName="mb-4 inline-flex min-h-11 items-center gap-2 rounded border border-brand-grey px-4 font-semibold md:hidden"
        closeContent="Close"
        closeClassName="inline-flex min-h-11 items-center px-3 font-semibold underline md:hidden"
        restingClassName="fixed inset-0 z-40 hidden bg-black/50 target:block md:static md:z-auto md:block md:bg-transparent"
        sheetClassName="h-full w-80 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl md:h-auto md:w-auto md:max-w-none md:p-0 md:shadow-none"
        headerClassName="flex items-center justify-between"
        titleClassName="text-xl font-bold"
        inDialog={
          <p role="status" className="sr-only">
            {announcement}
          </p>
        }
      >
        <form
          ref={setFormRef}
          id={FILTER_FORM_ID}
          method="get"
          action={listingPath(dealerSlug, state.makeSlug, state.modelSlug)}
          onSubmit={(event) => {
            event.preventDefault();
            if (formRef.current) navigateFromForm(formRef.current, state, dealerSlug, navigate);
            setOpen(false);
          }}
          className="mt-4 space-y-6"
        >
          <MakeModelFields state={state} filters={filters} />
          <RefineFields state={state} filters={filters} dealerSlug={dealerSlug} />
          {FILTER_GROUPS.map((group) => (
            <CheckboxGroup key={group.name} group={group} selected={state[group.key]} counts={counts[group.key]} />
          ))}
          <FilterSubmitButton />
        </form>
      </PanelDialog>
    </div>
  );
}

function FiltersOpener({ chosen }: { chosen: number }) {
  return (
    <>
      <svg
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M3 5h18M6 12h12M10 19h4" />
      </svg>
      Filters{chosen > 0 ? ` (${chosen})` : ""}
    </>
  );
}

function MakeModelFields({ state, filters }: { state: ListingState; filters: UsedFilters }) {
  const makes = withCurrent(filters.makes, state.makeSlug);
  const models = withCurrent(filters.models, state.modelSlug);
  return (
    <fieldset>
      <legend className="mb-2 font-semibold">Make &amp; Model</legend>
      <label htmlFor="used-make" className="block text-sm">
        Make
      </label>
      <StateSelect
        id="used-make"
        name="make"
        value={state.makeSlug ?? ""}
        className="mt-1 block min-h-11 w-full rounded border border-gray-400 bg-white px-2"
      >
        <option value="">Any</option>
        {makes.map((make) => (
          <option key={make.slug} value={make.slug}>
            {`${make.name} (${formatNumber(make.count)})`}
          </option>
        ))}
      </StateSelect>
      <label htmlFor="used-model" className="mt-3 block text-sm">
        Model
      </label>
      <StateSelect
        id="used-model"
        name="model"
        value={state.modelSlug ?? ""}
        disabled={!state.makeSlug}
        className="mt-1 block min-h-11 w-full rounded border border-gray-400 bg-white px-2 disabled:bg-gray-100"
      >
        <option value="">{state.makeSlug ? "Any" : "Choose a make first"}</option>
        {models.map((model) => (
          <option key={model.slug} value={model.slug}>
            {`${model.name} (${formatNumber(model.count)})`}
          </option>
        ))}
      </StateSelect>
    </fieldset>
  );
}

type CheckboxGroupProps = {
  group: (typeof FILTER_GROUPS)[number];
  selected: readonly string[];
  counts: readonly { value: string; count: number }[];
};

/** A group's 'Any' box and its options' boxes, each with its number of vehicles. */
function CheckboxGroup({ group, selected, counts }: CheckboxGroupProps) {
  return (
    <fieldset>
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
        {shownOptions(group, counts, selected).map((option) => {
          const count = counts.find((c) => c.value === option)?.count ?? 0;
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
                  {`${option} `}
                  <span className="text-brand-grey-light">{`(${formatNumber(count)})`}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * "Apply filters" without JavaScript, "Show results" once hydrated (each change then applies at once). Its own
 * component, so that hydrating re-renders the button and not the whole form.
 */
function FilterSubmitButton() {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className="min-h-11 w-full rounded bg-brand-red px-4 font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey"
    >
      {hydrated ? "Show results" : "Apply filters"}
    </button>
  );
}

/** The options, with the chosen one kept even when the other filters leave it no vehicles. */
function withCurrent(options: { name: string; slug: string; count: number }[], current: string | undefined) {
  if (!current || options.some((option) => option.slug === current)) return options;
  return [...options, { name: current.replace(/-/g, " "), slug: current, count: 0 }];
}
