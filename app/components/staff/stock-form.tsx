import { Form, useNavigation } from "react-router";
import { STOCK_FIELD_LABELS, STOCK_STATUSES, type StockField } from "../../../core/inventory/stock-schema.ts";
import { BODY_TYPES, FUEL_TYPES, TRANSMISSIONS, VEHICLE_STATES } from "../../../core/inventory/used-query.ts";
import { canonicalMakeName, nameKey, newCatalogueName } from "../../../core/catalogue/make-names.ts";
import { CheckboxField, Field } from "../field.tsx";
import { CsrfField } from "./csrf-field.tsx";
import { Select, namedFieldsOf } from "./fields.tsx";
import { buttonClass, ErrorSummary, inputClass, staffLook } from "./form.tsx";

export type StockFormValues = Partial<Record<StockField | "addMake" | "addModel", string>>;

type Props = {
  csrfToken: string;
  values: StockFormValues;
  errors: Record<string, string>;
  dealers: { slug: string; name: string }[];
  catalogue: { makes: string[]; models: string[]; modelsByMake: Record<string, string[]> };
  submitLabel: string;
};

const FORM = "stock";

/**
 * The vehicle's fields, as the back office adds and edits a vehicle: the labels of STOCK_FIELD_LABELS, each
 * with its own message after a refused save (and the summary, which takes focus). A plain form: it works
 * without JavaScript, and on a phone (one column, number keyboards for numbers).
 */
export function StockForm({ csrfToken, values, errors, dealers, catalogue, submitLabel }: Props) {
  const busy = useNavigation().state === "submitting";
  const { text, area } = namedFieldsOf<StockField>({ form: FORM, labels: STOCK_FIELD_LABELS, values, errors });
  const newNames = unknownNames(values, catalogue);
  return (
    <Form method="post" className="mt-6 space-y-6" noValidate>
      <CsrfField token={csrfToken} />
      <ErrorSummary form={FORM} errors={errors} fieldLabels={STOCK_FIELD_LABELS} />
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <ListedField name="make" list="stock-makes" options={catalogue.makes} values={values} errors={errors} />
          {newNames.make && errors.make ? (
            <Confirmation
              name="addMake"
              label={`Add ${newNames.make} as a new make`}
              checked={values.addMake === "on"}
            />
          ) : null}
        </div>
        <div>
          <ListedField name="model" list="stock-models" options={catalogue.models} values={values} errors={errors} />
          {newNames.model && errors.model ? (
            <Confirmation
              name="addModel"
              label={`Add ${newNames.model} as a new model`}
              checked={values.addModel === "on"}
            />
          ) : null}
        </div>
        {text("variant", { hint: "As the manufacturer names it, e.g. 1.5T Executive CVT" })}
        {text("year", { inputMode: "numeric", required: true })}
        {text("mileage", { inputMode: "numeric", hint: "In kilometres", required: true })}
        {text("price", { inputMode: "numeric", hint: "In rand, e.g. 289 900", required: true })}
        <Choice name="transmission" options={TRANSMISSIONS} values={values} errors={errors} />
        <Choice name="fuelType" options={FUEL_TYPES} values={values} errors={errors} />
        {text("colour")}
        <Choice name="condition" options={VEHICLE_STATES} values={values} errors={errors} />
        <Choice
          name="bodyType"
          options={BODY_TYPES}
          values={values}
          errors={errors}
          hint="Double, extended and single cabs are bakkies"
        />
        {text("stockNumber", { hint: "The dealer's own number; unique at the dealer" })}
        {text("vin", { hint: "17 letters and digits, without I, O or Q" })}
        {text("mmCode", { hint: "TransUnion's code for the model, from the dealer's system" })}
        {text("registration")}
        <Choice
          name="dealer"
          options={dealers.map((dealer) => ({ value: dealer.slug, label: dealer.name }))}
          values={values}
          errors={errors}
        />
        <Choice
          name="status"
          options={STOCK_STATUSES}
          values={values}
          errors={errors}
          hint="Only Available and Reserved vehicles are on the public site"
        />
      </div>
      {area("description", { rows: 5 })}
      {area("features", { rows: 3, hint: "As the DMS lists them: separated by commas, semicolons or lines" })}
      <button type="submit" className={buttonClass} disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}

/**
 * The make and model typed that the catalogue does not know (by the names they would be added as), so that
 * a refused save can offer to add them: names are compared as the service compares them (nameKey, aliases).
 */
function unknownNames(values: StockFormValues, catalogue: Props["catalogue"]): { make?: string; model?: string } {
  const typedMake = values.make?.trim() ?? "";
  const typedModel = values.model?.trim() ?? "";
  if (typedMake === "") return {};
  const key = nameKey(canonicalMakeName(typedMake));
  const make = catalogue.makes.find((name) => nameKey(name) === key);
  const makeName = make ?? newCatalogueName(canonicalMakeName(typedMake));
  const knownModel = make && (catalogue.modelsByMake[make] ?? []).some((name) => nameKey(name) === nameKey(typedModel));
  return {
    make: make ? undefined : makeName,
    model: typedModel === "" || knownModel ? undefined : newCatalogueName(typedModel),
  };
}

/** The box that confirms a make or model the catalogue does not know, under the field that named it. */
function Confirmation({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <CheckboxField
      id={`${FORM}-${name}`}
      label={label}
      look={{ label: "font-semibold" }}
      rowClassName="mt-2 flex min-h-11 items-center gap-3"
    >
      {(control) => (
        <input {...control} type="checkbox" name={name} defaultChecked={checked} className="size-5 accent-brand-red" />
      )}
    </CheckboxField>
  );
}

type Option = string | { value: string; label: string };

function Choice({
  name,
  options,
  values,
  errors,
  hint,
}: {
  name: StockField;
  options: readonly Option[];
  values: StockFormValues;
  errors: Record<string, string>;
  hint?: string;
}) {
  const choices = options.map((option) => (typeof option === "string" ? { value: option, label: option } : option));
  return (
    <Select
      form={FORM}
      name={name}
      label={STOCK_FIELD_LABELS[name]}
      hint={hint}
      placeholder="Choose…"
      options={choices}
      defaultValue={values[name] ?? ""}
      error={errors[name]}
    />
  );
}

/** A text field with the catalogue's names as suggestions (a datalist: any browser, no script). */
function ListedField({
  name,
  list,
  options,
  values,
  errors,
}: {
  name: StockField;
  list: string;
  options: string[];
  values: StockFormValues;
  errors: Record<string, string>;
}) {
  return (
    <Field id={`${FORM}-${name}`} label={STOCK_FIELD_LABELS[name]} error={errors[name]} look={staffLook}>
      {(control) => (
        <>
          <input
            {...control}
            name={name}
            list={list}
            autoComplete="off"
            defaultValue={values[name] ?? ""}
            className={inputClass}
          />
          <datalist id={list}>
            {options.map((option) => (
              <option key={option} value={option} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}
