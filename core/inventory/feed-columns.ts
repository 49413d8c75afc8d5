import { STOCK_FIELD_LABELS, type StockField } from "./stock-schema.ts";

/**
 * The columns of a dealer's stock feed (docs/stock-feed.md) and the headers that name them, apart from the reading
 * of a feed (stock-feed-format.server.ts): the back office's pages show these in the browser, where csv-parse, which needs
 * Node's Buffer, must not be loaded.
 */

/**
 * The largest feed (10 000 vehicles are about 1.3 MB of CSV; 50 MB leaves room for long descriptions), by the
 * API and as the file of the back office's import form.
 */
export const MAX_FEED_BYTES = 50 * 1024 * 1024;
export type FeedColumn = StockField | "photos";

export const FEED_COLUMNS: readonly FeedColumn[] = [...(Object.keys(STOCK_FIELD_LABELS) as StockField[]), "photos"];
/** The columns a CSV feed's header must have (the others may be left out). */
export const REQUIRED_FEED_COLUMNS: readonly FeedColumn[] = [
  "stockNumber",
  "make",
  "model",
  "variant",
  "year",
  "mileage",
  "price",
  "transmission",
  "fuelType",
  "colour",
  "condition",
];

/**
 * A feed key's saved mapping: the export's header for a stock field, when the built-in names do not
 * find it, and the export's own values for a field's ("Double Cab Hi-Rider" is a Bakkie).
 */
export type FeedProfile = {
  columns: Partial<Record<FeedColumn, string>>;
  valueMaps: Partial<Record<FeedColumn, Record<string, string>>>;
  /** Headers not to read though the built-in names would place them (a dealer's layout, decision 076). */
  ignored?: string[];
};

/** Headers are compared without case, spaces or punctuation: "Stock No.", "stock_no" and "StockNo" are one. */
export const headerKey = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * The headers dealers' systems use for each field (AutoSLM-style exports and their common variants), besides
 * the site's own names and labels. A header not here and not in the key's profile is ignored and reported.
 */
const HEADER_ALIASES: Record<FeedColumn, readonly string[]> = {
  stockNumber: [
    "StockNo",
    "Stock No",
    "Stock Number",
    "Stock #",
    "Stock Code",
    "Stock ID",
    "Stock Ref",
    "Stock Reference",
    "Stock",
  ],
  vin: ["VinNo", "VIN Number", "VIN No", "Chassis Number", "Chassis No", "Chassis"],
  mmCode: ["MMCode", "MM Code", "M&M Code", "M and M Code", "Mead McGrouther Code", "TransUnion Code"],
  registration: [
    "Regno",
    "Reg No",
    "Reg Number",
    "Registration",
    "Registration Number",
    "Registration No",
    "Number Plate",
    "Licence Number",
    "Reg",
  ],
  make: ["Make", "Manufacturer", "Brand", "Make Name"],
  model: ["Model", "Model Name", "Range", "Series"],
  variant: ["Variant", "Derivative", "Version", "Model Variant", "Trim", "Spec"],
  year: [
    "ModelYear",
    "Model Year",
    "Year Model",
    "Year",
    "Year of Manufacture",
    "Manufacture Year",
    "Reg Year",
    "First Registration Year",
  ],
  mileage: ["Mileage", "Odometer", "Odometer Reading", "Kilometres", "Kilometers", "KM", "KMs", "Odo", "Mileage KM"],
  price: [
    "Price",
    "Selling Price",
    "Retail Price",
    "Asking Price",
    "Price Incl VAT",
    "Sales Price",
    "Cash Price",
    "Web Price",
    "Advertised Price",
    "Selling",
  ],
  transmission: ["Transmission", "Gearbox", "Gear Box", "Gear Type", "Trans", "Transmission Type", "Gears"],
  fuelType: ["Fuel", "Fuel Type", "Fuel Kind"],
  colour: ["Colour", "Color", "Exterior Colour", "Exterior Color", "Ext Colour", "Body Colour"],
  condition: ["NewUsed", "New/Used", "New or Used", "Used or New", "Condition", "Stock Type", "Vehicle Condition"],
  bodyType: ["Bodytype", "Body Type", "Body", "Body Style", "Body Shape"],
  dealer: ["Dealer", "Dealer Slug"],
  description: [
    "Description",
    "Comments",
    "Notes",
    "Seller Notes",
    "Advert Description",
    "Advert Text",
    "Vehicle Description",
  ],
  features: ["Features", "Extras", "Options", "Vehicle Extras", "Optional Extras", "Equipment", "Spec"],
  status: ["Status", "Stock Status", "Availability"],
  photos: [
    "Photos",
    "Images",
    "Photo URLs",
    "Image URLs",
    "Pictures",
    "Image List",
    "Photo List",
    "Images URLs",
    "Image URL",
    "Photo URL",
  ],
};

const BUILT_IN_HEADERS = new Map<string, FeedColumn>(
  FEED_COLUMNS.flatMap((column) => {
    const label = column === "photos" ? "Photos" : STOCK_FIELD_LABELS[column];
    return [column, label, ...HEADER_ALIASES[column]].map((name) => [headerKey(name), column] as const);
  }),
);

export const feedColumnOf = (name: string): FeedColumn | undefined => BUILT_IN_HEADERS.get(headerKey(name));

/** The profile's value mappings as the form's text: one "Field: export value = site value" a line. */
export function valueMapsText(profile: FeedProfile): string {
  return Object.entries(profile.valueMaps)
    .flatMap(([column, map]) => Object.entries(map ?? {}).map(([from, to]) => `${column}: ${from} = ${to}`))
    .join("\n");
}
