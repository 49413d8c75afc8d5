import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../../core/staff/roles.ts";
import { Select } from "./fields.tsx";
import { labelClass, TextField } from "./form.tsx";

/** Name, role and dealers of a staff account: the same fields to create one and to change one. */
export function AccountFields({
  form,
  dealers,
  values,
  errors,
}: {
  form: string;
  dealers: { id: number; name: string }[];
  values?: { displayName?: string; role?: StaffRole; dealerIds?: number[] };
  errors?: Record<string, string>;
}) {
  return (
    <>
      <TextField
        form={form}
        name="displayName"
        label="Name"
        autoComplete="off"
        required
        defaultValue={values?.displayName}
        error={errors?.displayName}
      />
      <Select
        form={form}
        name="role"
        label="Role"
        defaultValue={values?.role ?? "dealer_manager"}
        options={STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }))}
        error={errors?.role}
      />
      <fieldset
        id={`${form}-dealerIds`}
        tabIndex={-1}
        aria-describedby={`${form}-dealerIds-hint${errors?.dealerIds ? ` ${form}-dealerIds-error` : ""}`}
      >
        <legend className={labelClass}>Dealers</legend>
        <p id={`${form}-dealerIds-hint`} className="text-sm text-brand-grey-light">
          For a dealer manager: the dealers whose stock and leads they look after. Other roles work group-wide.
        </p>
        {errors?.dealerIds ? (
          <p id={`${form}-dealerIds-error`} className="mt-1 text-sm font-semibold text-brand-red">
            {errors.dealerIds}
          </p>
        ) : null}
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {dealers.map((dealer) => (
            <li key={dealer.id} className="flex items-center gap-2">
              <input
                id={`${form}-dealer-${dealer.id}`}
                type="checkbox"
                name="dealerIds"
                value={dealer.id}
                defaultChecked={values?.dealerIds?.includes(dealer.id)}
                className="size-5 accent-brand-red"
              />
              <label htmlFor={`${form}-dealer-${dealer.id}`}>{dealer.name}</label>
            </li>
          ))}
        </ul>
      </fieldset>
    </>
  );
}

export const ACCOUNT_FIELD_LABELS = {
  email: "Email",
  displayName: "Name",
  role: "Role",
  dealerIds: "Dealers",
  active: "Status",
};
