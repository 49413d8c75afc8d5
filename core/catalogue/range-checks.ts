import { VEHICLE_SHAPES, type VehicleShape, vehicleImageUrl } from "../media/shapes.ts";
import type { Violation } from "../shared/violations.ts";
import { assertMayUse, type StaffActor } from "../staff/roles.ts";
import { MM_CODE } from "./range-fields.ts";

/** How the range's back-office services read a form's fields: each fault a violation on its field. */

export type RangeForm = Record<string, string | undefined>;
export type Check = { violations: Violation[] };

const TEXT = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'’()/+&:%-]{0,79}$/u;
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const fault = (check: Check, propertyPath: string, message: string) => {
  check.violations.push({ propertyPath, message });
};

export function words(check: Check, form: RangeForm, name: string, label: string, { required = true, max = 80 } = {}) {
  const raw = form[name];
  if (raw === undefined) return undefined;
  const value = raw.replace(/\s+/g, " ").trim();
  if (value === "" && required) fault(check, name, `${label} is required`);
  else if (value.length > max) fault(check, name, `${label} may have at most ${max} characters`);
  else if (max <= 80 && value !== "" && !TEXT.test(value))
    fault(check, name, `${label} may have letters, digits and simple punctuation only`);
  return value;
}

export function wholeNumber(check: Check, form: RangeForm, name: string, label: string, min: number, max: number) {
  const raw = form[name]?.trim().replace(/[\s,]/g, "").replace(/^R/i, "");
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw === "" || !Number.isInteger(value) || value < min || value > max) {
    fault(check, name, `${label} must be a whole number from ${min} to ${max}`);
    return undefined;
  }
  return value;
}

export function oneOf<T extends string>(
  check: Check,
  form: RangeForm,
  name: string,
  label: string,
  values: readonly T[],
) {
  const raw = form[name];
  if (raw === undefined) return undefined;
  if (!(values as readonly string[]).includes(raw)) {
    fault(check, name, `Choose a ${label.toLowerCase()} from the list`);
    return undefined;
  }
  return raw as T;
}

export function mmCode(check: Check, form: RangeForm) {
  const raw = form.mmCode?.trim();
  if (raw === undefined) return undefined;
  if (raw === "") return null;
  if (!MM_CODE.test(raw)) fault(check, "mmCode", "M&M code must be eight digits");
  return raw;
}

export const MM_CODE_TAKEN: Record<string, Violation> = {
  range_variants_mm_code_uq: { propertyPath: "mmCode", message: "Another variant of the range has this M&M code" },
  range_variants_model_slug_uq: { propertyPath: "name", message: "This model already has a variant of this name" },
};

/** Throws forbidden unless the actor may change the lineup, when any of `changes` is a lineup field. */
export function assertLineup(actor: StaffActor, changes: Record<string, unknown>, lineupFields: readonly string[]) {
  if (lineupFields.some((field) => field in changes)) assertMayUse(actor, "range-lineup");
}

export const refused = (violations: Violation[]) => ({ ok: false as const, violations });

export function drawingOf(shape: string, hex: string): string {
  const known = (VEHICLE_SHAPES as readonly string[]).includes(shape) ? (shape as VehicleShape) : "hatch";
  return vehicleImageUrl(known, hex);
}

/** The shape a model's drawings use: its body type, or the shape of its main drawing. */
export function modelShape(bodyType: string, mainImage: string): VehicleShape {
  const shape = bodyType || (/^\/media\/vehicles\/([a-z-]+)\//.exec(mainImage)?.[1] ?? "");
  return (VEHICLE_SHAPES as readonly string[]).includes(shape) ? (shape as VehicleShape) : "hatch";
}

/** The fields of a parsed form that were sent (a field left out is unchanged). */
export function sent<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}
