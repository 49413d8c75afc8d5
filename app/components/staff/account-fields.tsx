import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../../core/staff/roles.ts";
import { FieldSet } from "../field.tsx";
import { Checkbox, Select } from "./fields.tsx";
import { staffLook, TextField } from "./form.tsx";

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
      <FieldSet
        id={`${form}-dealerIds`}
        legend="Dealers"
        hint="For a dealer manager: the dealers whose stock and leads they look after. Other roles work group-wide."
        error={errors?.dealerIds}
        look={staffLook}
        linkTarget
        errorBeforeControls
      >
        {() => (
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {dealers.map((dealer) => (
              <li key={dealer.id}>
                <Checkbox
                  id={`${form}-dealer-${dealer.id}`}
                  name="dealerIds"
                  label={dealer.name}
                  value={dealer.id}
                  defaultChecked={values?.dealerIds?.includes(dealer.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </FieldSet>
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
