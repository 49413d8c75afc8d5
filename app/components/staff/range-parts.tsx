import { FUELS, MODEL_STATE_LABELS, MODEL_STATES, SPECIFICATIONS } from "../../../core/catalogue/range-fields.ts";
import type { StaffRangeModel } from "../../../core/catalogue/range-staff-read.server.ts";
import { SHAPE_LABELS } from "../../../core/media/vehicle-art.ts";
import { VEHICLE_SHAPES } from "../../../core/media/shapes.ts";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Field } from "../field.tsx";
import { Select, TextArea } from "./fields.tsx";
import { staffLook, TextField } from "./form.tsx";

/** The range pages' shared form parts (/staff/range and its model, variant and colour pages). */

export const KIND_OPTIONS = [
  { value: "car", label: "Car" },
  { value: "motorcycle", label: "Motorcycle (Honda Wing)" },
];

export const bodyTypeOptions = () => VEHICLE_SHAPES.map((shape) => ({ value: shape, label: SHAPE_LABELS[shape] }));

export const RANGE_FIELD_LABELS: Record<string, string> = {
  name: "Name",
  slug: "Address",
  type: "Kind",
  bodyType: "Body type",
  headline: "Headline",
  description: "Description",
  state: "State",
  successor: "Successor",
  sortOrder: "Place",
  brochure: "Brochure",
  mmCode: "M&M code",
  transmission: "Transmission",
  transmissionType: "Gearbox",
  fuel: "Fuel",
  engine: "Engine",
  powerKw: "Power (kW)",
  torqueNm: "Torque (Nm)",
  price: "Price including VAT",
  paintCode: "Paint code",
  colorCode: "Swatch",
  picture: "Picture",
  alt: "Description of the picture",
  colour: "Colour",
  ...Object.fromEntries(SPECIFICATIONS.map(([key, label]) => [`spec.${key}`, label])),
};

/** "3 of 5 colours pictured", or that drawings stand in for all of them. */
export function picturesSummary(model: Pick<StaffRangeModel, "colours">): string {
  const pictured = model.colours.filter((colour) => colour.hasPicture).length;
  if (model.colours.length === 0) return "No colours yet";
  if (pictured === 0) return `${model.colours.length} colours, drawings only (no pictures uploaded)`;
  return `${pictured} of ${model.colours.length} colours pictured`;
}

type Values = Record<string, string | undefined>;
type Errors = Record<string, string | undefined>;

/** A model's words and key specifications: what content editors and group administrators change. */
export function ModelWordsFields({ values, errors }: { values: Values; errors: Errors }) {
  const form = "model";
  return (
    <>
      <TextField form={form} name="name" label="Name" required defaultValue={values.name} error={errors.name} />
      <Select
        form={form}
        name="bodyType"
        label="Body type"
        placeholder="Choose…"
        options={bodyTypeOptions()}
        defaultValue={values.bodyType}
        error={errors.bodyType}
      />
      <TextField form={form} name="headline" label="Headline" defaultValue={values.headline} error={errors.headline} />
      <TextArea
        form={form}
        name="description"
        label="Description"
        defaultValue={values.description}
        error={errors.description}
      />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="text-lg font-bold">Key specifications</legend>
        {SPECIFICATIONS.map(([key, label]) => (
          <TextField
            key={key}
            form={form}
            name={`spec.${key}`}
            label={label}
            defaultValue={values[`spec.${key}`]}
            error={errors[`spec.${key}`]}
          />
        ))}
      </fieldset>
    </>
  );
}

/** A model's address, kind, place, state and successor: group administrators' alone. */
export function ModelLineupFields({
  values,
  errors,
  successors,
}: {
  values: Values;
  errors: Errors;
  successors: { value: number; label: string }[];
}) {
  const form = "model";
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="text-lg font-bold">Address, kind, place and state</legend>
      <TextField
        form={form}
        name="slug"
        label="Address"
        hint="The last part of the model page's address; the old address sends visitors on (301)."
        required
        defaultValue={values.slug}
        error={errors.slug}
      />
      <Select
        form={form}
        name="type"
        label="Kind"
        options={KIND_OPTIONS}
        defaultValue={values.type}
        error={errors.type}
      />
      <TextField
        form={form}
        name="sortOrder"
        label="Place"
        hint="Its place on /new or /honda-wing: lower comes first."
        inputMode="numeric"
        defaultValue={values.sortOrder}
        error={errors.sortOrder}
      />
      <Select
        form={form}
        name="state"
        label="State"
        options={MODEL_STATES.map((state) => ({ value: state, label: MODEL_STATE_LABELS[state] }))}
        defaultValue={values.state}
        error={errors.state}
      />
      <Select
        form={form}
        name="successor"
        label="Successor"
        hint="For a retired model: its page sends visitors to this model (301). None: the page says the model is no longer sold (410)."
        placeholder="None"
        options={successors}
        defaultValue={values.successor}
        error={errors.successor}
      />
    </fieldset>
  );
}

/** A variant's fields; its M&M code only for group administrators (`mmCode`). */
export function VariantFields({
  form,
  values,
  errors,
  mmCode,
}: {
  form: string;
  values: Values;
  errors: Errors;
  mmCode: boolean;
}) {
  return (
    <>
      <TextField form={form} name="name" label="Name" required defaultValue={values.name} error={errors.name} />
      {mmCode ? (
        <TextField
          form={form}
          name="mmCode"
          label="M&M code"
          hint="Eight digits, unique in the range."
          inputMode="numeric"
          defaultValue={values.mmCode}
          error={errors.mmCode}
        />
      ) : null}
      <TextField
        form={form}
        name="transmission"
        label="Transmission"
        hint="e.g. CVT, 6-speed manual"
        required
        defaultValue={values.transmission}
        error={errors.transmission}
      />
      <Select
        form={form}
        name="transmissionType"
        label="Gearbox"
        options={[
          { value: "Automatic", label: "Automatic" },
          { value: "Manual", label: "Manual" },
        ]}
        defaultValue={values.transmissionType}
        error={errors.transmissionType}
      />
      <Select
        form={form}
        name="fuel"
        label="Fuel"
        options={FUELS.map((fuel) => ({ value: fuel, label: fuel }))}
        defaultValue={values.fuel}
        error={errors.fuel}
      />
      <TextField
        form={form}
        name="engine"
        label="Engine"
        hint="e.g. 1.5-litre i-VTEC"
        defaultValue={values.engine}
        error={errors.engine}
      />
      <TextField
        form={form}
        name="powerKw"
        label="Power (kW)"
        inputMode="numeric"
        required
        defaultValue={values.powerKw}
        error={errors.powerKw}
      />
      <TextField
        form={form}
        name="torqueNm"
        label="Torque (Nm)"
        inputMode="numeric"
        required
        defaultValue={values.torqueNm}
        error={errors.torqueNm}
      />
    </>
  );
}

/** A colour's name, paint code, swatch and picture. */
export function ColourFields({ form, values, errors }: { form: string; values: Values; errors: Errors }) {
  return (
    <>
      <TextField form={form} name="name" label="Name" required defaultValue={values.name} error={errors.name} />
      <TextField
        form={form}
        name="paintCode"
        label="Paint code"
        hint="The maker's code, e.g. NH-883P"
        defaultValue={values.paintCode}
        error={errors.paintCode}
      />
      <TextField
        form={form}
        name="colorCode"
        label="Swatch"
        hint="The colour as six hex digits, e.g. #1F2A45"
        required
        defaultValue={values.colorCode}
        error={errors.colorCode}
      />
      <PictureInput
        form={form}
        error={errors.picture}
        hint="A JPEG, PNG or WebP photo of the model in this colour; until one is uploaded a drawing stands in."
      />
    </>
  );
}

export function PictureInput({
  form,
  error,
  hint,
  name = "picture",
}: {
  form: string;
  error?: string;
  hint: string;
  name?: string;
}) {
  return (
    <Field id={`${form}-${name}`} label="Picture" hint={hint} error={error} look={staffLook}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="mt-1 block w-full"
        />
      )}
    </Field>
  );
}

/** A form for those who may change it; for a reader, the same fields (disabled by their fieldset) with no form. */
export function EditableForm({
  editable,
  multipart,
  className,
  children,
}: {
  editable: boolean;
  multipart: boolean;
  className: string;
  children: ReactNode;
}) {
  if (!editable) return <div className={className}>{children}</div>;
  return (
    <Form method="post" encType={multipart ? "multipart/form-data" : undefined} className={className} noValidate>
      {children}
    </Form>
  );
}
