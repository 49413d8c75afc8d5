import { useNavigate } from "react-router";
import { useCommittedChange } from "../../lib/committed-change.ts";
import { type ListingState, SORT_OPTIONS, sortValue } from "../../lib/used-listing.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { FILTER_FORM_ID, navigateFromForm } from "./filter-panel.tsx";
import { StateSelect } from "./state-select.tsx";

/** The sort menu; it belongs to the filter form (form attribute), so sorting keeps the filters. */
export function SortMenu({ state, dealerSlug }: { state: ListingState; dealerSlug: string | null }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const commitRef = useCommittedChange<HTMLDivElement>(() => {
    const form = document.getElementById(FILTER_FORM_ID);
    if (form instanceof HTMLFormElement) navigateFromForm(form, state, dealerSlug, navigate);
  });
  return (
    <div ref={commitRef} className="flex items-center gap-2">
      <label htmlFor="used-sort" className="font-semibold">
        Sort by
      </label>
      <StateSelect
        id="used-sort"
        name="sort"
        form={FILTER_FORM_ID}
        value={sortValue(state.order)}
        className="min-h-11 rounded border border-gray-400 bg-white px-2"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </StateSelect>
      {!hydrated && (
        <button
          type="submit"
          form={FILTER_FORM_ID}
          className="min-h-11 rounded border border-brand-grey px-3 font-semibold"
        >
          Sort
        </button>
      )}
    </div>
  );
}
