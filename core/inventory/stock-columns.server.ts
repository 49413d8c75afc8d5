import { usedVehicles } from "../../db/schema.ts";
import type { StockField, StockVehicleInput } from "./stock-schema.ts";

/**
 * The one map between a stock vehicle's fields (the form's and the feed's names, stock-schema.ts) and the
 * used_vehicles columns that hold them, for the back office (stock-admin.server.ts) and the feeds (stock-feed.server.ts).
 * Make, model and dealer are not here: they are stored as ids of their tables. Nor is the stock number: the
 * feed matches vehicles by it, so each caller reads and writes it itself.
 */
const COLUMN_OF_FIELD = {
  variant: "variant",
  year: "year",
  mileage: "mileageKm",
  price: "price",
  transmission: "transmission",
  fuelType: "fuelType",
  colour: "exteriorColor",
  condition: "state",
  bodyType: "bodyType",
  vin: "vin",
  mmCode: "mmCode",
  registration: "registration",
  description: "description",
  features: "features",
  status: "status",
} as const satisfies Partial<Record<StockField, keyof typeof usedVehicles.$inferSelect>>;

type ColumnOfField = typeof COLUMN_OF_FIELD;
type StoredField = keyof ColumnOfField;

/** The fields as stored: an optional field left out is null. */
export type StoredStockFields = { [F in StoredField]: (typeof usedVehicles.$inferSelect)[ColumnOfField[F]] };

/** The columns by their field names, to select a vehicle's fields: `select({ ...stockFieldColumns, ... })`. */
export const stockFieldColumns = Object.fromEntries(
  Object.entries(COLUMN_OF_FIELD).map(([field, column]) => [field, usedVehicles[column]]),
) as {
  [F in StoredField]: (typeof usedVehicles)[ColumnOfField[F]];
};

/** The fields with the body type optional: left out, the vehicle's body is not set (see stockColumnValues). */
type StockFieldsToStore = Omit<StoredStockFields, "bodyType"> & { bodyType?: string | undefined };
type StockColumnValues = Omit<{ [F in StoredField as ColumnOfField[F]]: StoredStockFields[F] }, "bodyType"> & {
  bodyType?: string;
};

/**
 * The fields as the columns' values, to insert or update a vehicle. A body type left out is not set: a new
 * vehicle gets the column's default, one in stock keeps its own.
 */
export function stockColumnValues(fields: StockFieldsToStore): StockColumnValues {
  const values: Partial<Record<string, unknown>> = {};
  for (const [field, column] of Object.entries(COLUMN_OF_FIELD)) {
    const value = fields[field as StoredField];
    if (value !== undefined) values[column] = value;
  }
  return values as StockColumnValues;
}

/** A parsed (or stored) vehicle's fields as stored; a body type left out stays undefined. */
export function storedStockFields(input: StockVehicleInput | StoredStockFields): StockFieldsToStore {
  return {
    variant: input.variant,
    year: input.year,
    mileage: input.mileage,
    price: input.price,
    transmission: input.transmission,
    fuelType: input.fuelType,
    colour: input.colour,
    condition: input.condition,
    bodyType: input.bodyType,
    vin: input.vin ?? null,
    mmCode: input.mmCode ?? null,
    registration: input.registration ?? null,
    description: input.description ?? null,
    features: input.features ?? null,
    status: input.status,
  };
}
