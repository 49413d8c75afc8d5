import { z } from "@hono/zod-openapi";
import toRegexRange from "to-regex-range";
import { BODY_TYPES, FUEL_TYPES, PROVINCES, TRANSMISSIONS, VEHICLE_STATES } from "../../core/inventory/used-query.ts";
import { STOCK_STATUSES } from "../../core/inventory/stock-schema.ts";
import { SPECIFICATIONS } from "../../core/catalogue/range-fields.ts";
import { VEHICLE_TYPES } from "../../core/catalogue/ranges.server.ts";
import { BANNER_TYPES } from "../../core/content/banners.server.ts";
import { parsePage, type Violation } from "../../core/shared/violations.ts";
import { STAFF_ROLES } from "../../core/staff/roles.ts";
import { LEAD_STATUSES } from "../../core/delivery/outbox.server.ts";

/**
 * The answers of the API described once, in zod: the OpenAPI document (/api/docs.json), the Hydra
 * documentation and the JSON-LD contexts are generated from these, and the contract tests check every answer
 * against them. Each resource schema is registered under its JSON-LD @type, which is also its context's name.
 */

export const JSON_LD_MEDIA_TYPE = "application/ld+json";

const ldId = z
  .string()
  .openapi({ description: "The resource's IRI (JSON-LD @id)", example: "/api/dealers/honda-sandton" });
const ldType = (type: string) => z.literal(type).openapi({ description: "JSON-LD @type" });

/** A resource of the given @type: its own fields plus @id (when it has an address of its own) and @type. */
function ldResource<T extends z.ZodRawShape>(
  type: string,
  shape: T,
  options: { id: "required" | "optional" } = { id: "optional" },
) {
  return z
    .object({
      "@context": z.string().optional().openapi({ description: "Where the JSON-LD context of this answer is" }),
      "@id": options.id === "required" ? ldId : ldId.optional(),
      "@type": ldType(type),
      ...shape,
    })
    .openapi(type);
}

const violationSchema = z
  .object({
    propertyPath: z.string().openapi({ example: "cell_phone" }),
    message: z.string().openapi({ example: "Please enter a South African cell number, like 082 123 4567" }),
  })
  .openapi("ConstraintViolation");

export const errorSchema = z
  .object({
    "@context": z.literal("/api/contexts/Error"),
    "@type": z.literal("Error"),
    status: z.number().int().openapi({ example: 422 }),
    title: z.string().openapi({ example: "The enquiry is not valid" }),
    violations: z.array(violationSchema).optional().openapi({ description: "The fields at fault (400 and 422)" }),
  })
  .openapi("Error");

const imageRef = z.object({ uri: z.string().openapi({ example: "/media/used/12-1.webp" }) });

/** An uploaded photo's renditions for a <picture> (core/media/image-pipeline.server.ts pictureSources). */
const pictureSourcesSchema = z.object({
  sources: z.array(
    z.object({
      type: z.string().openapi({ example: "image/avif" }),
      srcSet: z.string().openapi({ example: "/media/3f…a1.avif 480w, /media/9c…02.avif 960w" }),
    }),
  ),
  img: z.object({ src: z.string(), srcSet: z.string(), width: z.number().int(), height: z.number().int() }),
});

/** A vehicle's picture: drawn artwork (`uri` only), or an uploaded photo with its renditions (`uri` is its largest JPEG). */
const vehicleImage = imageRef.extend({
  picture: pictureSourcesSchema
    .optional()
    .openapi({ description: "The photo's AVIF, WebP and JPEG renditions at several widths" }),
});

const businessHours = z.object({
  days: z.string().openapi({ example: "Monday to Friday" }),
  opens: z.string().nullable().openapi({ example: "07:30" }),
  closes: z.string().nullable().openapi({ example: "17:30" }),
});

export const dealerSchema = ldResource("Dealer", {
  slug: z.string().openapi({ example: "honda-sandton" }),
  dealerName: z.string().openapi({ example: "Honda Sandton" }),
  uri: z.string().openapi({ description: "The dealer's page on this site", example: "/dealer/honda-sandton" }),
  apiUri: z.string().openapi({
    description: "The dealer's API resource; its used stock is at {apiUri}/vehicles",
    example: "/api/dealers/honda-sandton",
  }),
  dealer_contact_no: z.string().openapi({ example: "011 783 7000" }),
  address: z.string().openapi({ example: "2 Rivonia Road, Sandton, 2196" }),
  city: z.string().openapi({ example: "Sandton" }),
  province: z.string().openapi({ example: "Gauteng" }),
  location: z.string(),
  dp_name: z.string().openapi({ description: "Dealer principal" }),
  dp_email: z.string().openapi({ example: "principal@hondasandton.co.za" }),
  dp_contact_no: z.string(),
  business_hours: z.array(businessHours),
  is_wing: z.boolean().openapi({ description: "A Honda Wing (motorcycle) dealer" }),
});

export const usedVehicleSchema = ldResource("Vehicle", {
  id: z.number().int().openapi({ example: 12 }),
  uri: z.string().openapi({ description: "The vehicle's page on this site" }),
  image: vehicleImage.openapi({ description: "The main picture (the first)" }),
  images: z.array(vehicleImage),
  make: z.string().openapi({ example: "Honda" }),
  make_slug: z.string().openapi({ example: "honda" }),
  model: z.string().openapi({ example: "CR-V" }),
  model_slug: z.string().openapi({ example: "cr-v" }),
  variant: z.string().openapi({ example: "1.5T Executive AWD CVT" }),
  transmission: z.string().openapi({
    description: `One of: ${TRANSMISSIONS.join(", ")} (the kind of automatic, such as CVT or DSG, is in the variant)`,
    example: "Automatic",
  }),
  fuel_type: z.string().openapi({ description: `One of: ${FUEL_TYPES.join(", ")}`, example: "Petrol" }),
  exterior_color: z.string().openapi({ example: "Platinum White" }),
  body_type: z.string().openapi({ description: `One of: ${BODY_TYPES.join(", ")}`, example: "SUV" }),
  year: z.number().int().openapi({ example: 2022 }),
  mileage: z.object({ value: z.number().openapi({ example: 38500 }), unit: z.literal("km") }),
  state_of_vehicle: z.string().openapi({ example: "Used" }),
  status: z
    .enum(STOCK_STATUSES)
    .openapi({ description: "Available or Reserved in a listing; a look-up by id of a sold vehicle answers 410" }),
  price: z.number().openapi({ description: "Rand, VAT included", example: 529900 }),
  installment: z.number().openapi({
    description: "Estimated monthly instalment in rand (balloon 40%, 12% a year, 72 months)",
    example: 8240,
  }),
  dealer_name: z.string().openapi({ example: "Honda Sandton" }),
  dealer_slug: z.string().openapi({ example: "honda-sandton" }),
  dealer_province: z.string().openapi({ example: "Gauteng" }),
  description: z.string().nullable().optional().openapi({
    description:
      "The dealer's description, plain text (paragraphs separated by a blank line); on the answer for one vehicle only, null when the dealer wrote none",
    example: "One owner, full Honda service history.\n\nTow bar and two keys.",
  }),
  features: z
    .array(z.string())
    .optional()
    .openapi({
      description:
        "The features and extras the dealer lists, one item each; on the answer for one vehicle only, empty when none",
      example: ["Cruise control", "Tow bar", "Leather seats"],
    }),
});

export const makeSchema = ldResource("Make", {
  name: z.string().openapi({ example: "Honda" }),
  slug: z.string().openapi({ example: "honda" }),
  models: z.array(z.object({ name: z.string(), slug: z.string(), count: z.number().int() })),
});

const facetOption = z.object({ value: z.string().openapi({ example: "Petrol" }), count: z.number().int() });
const makeOption = z.object({ name: z.string(), slug: z.string(), count: z.number().int() });
const rangeOption = z.object({ value: z.number().int().openapi({ example: 300000 }), count: z.number().int() });

export const usedFiltersSchema = ldResource("UsedVehicleFilters", {
  makes: z.array(makeOption),
  models: z.array(makeOption),
  fuelTypes: z.array(facetOption),
  transmissionTypes: z.array(facetOption),
  vehicleStates: z.array(facetOption),
  total: z.number().int(),
  bodyTypes: z.array(facetOption),
  colours: z.array(facetOption),
  provinces: z.array(facetOption),
  dealers: z.array(makeOption).openapi({ description: "Dealers with matching stock; choose with dealer[]={slug}" }),
  priceMin: z
    .array(rangeOption)
    .openapi({ description: "Bounds for price[gte] (rand) with how many vehicles each leaves" }),
  priceMax: z.array(rangeOption).openapi({ description: "Bounds for price[lte]" }),
  yearMin: z.array(rangeOption).openapi({ description: "Bounds for year[gte]" }),
  yearMax: z.array(rangeOption).openapi({ description: "Bounds for year[lte]" }),
  mileageMax: z.array(rangeOption).openapi({ description: "Bounds for mileage[lte] (km)" }),
});

const rangeImage = z.object({ image: z.string(), alt: z.string() });
const rangeColour = z.object({
  name: z.string().openapi({ example: "Meteoroid Grey" }),
  colorCode: z.string(),
  image: z.string(),
});
const rangeCommon = {
  make: z.string().openapi({ example: "Honda" }),
  make_slug: z.string(),
  model: z.string().openapi({ example: "HR-V" }),
  model_slug: z.string().openapi({ example: "hr-v" }),
  type: z.enum(VEHICLE_TYPES),
  mainImage: z.string(),
  minPrice: z.number().openapi({ description: "Rand: the lowest price of the model's variants", example: 459900 }),
  description: z.string(),
  brochure: z.string().nullable(),
  gallery: z.array(rangeImage),
  color: z.array(rangeColour),
  state: z.enum(["on_sale", "run_out"]).openapi({
    description:
      "on_sale, or run_out: still sold while stocks last, marked as such (drafts and retired models are not listed)",
    example: "on_sale",
  }),
  headline: z.string().openapi({ description: "The model's headline; empty when it has none" }),
  bodyType: z.string().openapi({
    description: "Body type (hatch, sedan, compact-suv, suv…); empty when not given",
    example: "compact-suv",
  }),
  specifications: z
    .object(
      Object.fromEntries(
        SPECIFICATIONS.map(([key, label]) => [key, z.string().optional().openapi({ description: label })]),
      ),
    )
    .openapi({
      description: "The model's key specifications as written by the group; a specification not given is absent",
      example: { engine: "1.5-litre i-VTEC", seats: "5" },
    }),
};

export const rangeVariantSchema = ldResource("VehicleRange", {
  ...rangeCommon,
  variant: z.string().openapi({ example: "1.5 Comfort CVT" }),
  variant_slug: z.string(),
  modelPrice: z.number().openapi({ description: "Rand, including VAT: the price in force now", example: 479900 }),
  mm_code: z.string().nullable().openapi({
    description: "The variant's M&M code (eight digits), or null while none is entered",
    example: "28012345",
  }),
  scheduledPrice: z.number().nullable().openapi({
    description: "Rand: the price a scheduled change will make it, or null when no change is scheduled",
    example: 489900,
  }),
  scheduledPriceFrom: z.string().nullable().openapi({
    description: "When the scheduled price takes effect (ISO 8601, UTC), or null",
    example: "2027-01-01T06:00:00.000Z",
  }),
  term: z.number().int().openapi({ description: "Months", example: 72 }),
  interest: z.number().openapi({ description: "Percent a year", example: 12 }),
  power: z.number().openapi({ description: "kW" }),
  torque: z.number().openapi({ description: "Nm" }),
  transmission: z.string(),
  transmission_type: z.string(),
  fuel: z.string().openapi({ description: "Petrol, Diesel, Hybrid or Electric", example: "Petrol" }),
  engine: z
    .string()
    .openapi({ description: "The variant's engine; empty when not given", example: "1.5-litre i-VTEC" }),
});

export const rangeModelSchema = ldResource("VehicleRangeModel", {
  ...rangeCommon,
  variants: z.array(rangeVariantSchema.omit({ "@type": true, "@id": true, "@context": true })),
});

export const bannerSchema = ldResource("Banner", {
  id: z.number().int(),
  title: z.string().openapi({ example: "The new HR-V" }),
  type: z.enum(BANNER_TYPES).openapi({ description: "Car, Motorcycle, or empty for the home page" }),
  image: imageRef,
  button: z.object({
    url: z.string().openapi({ example: "/new/honda/hr-v" }),
    text: z.string().openapi({ example: "Discover more" }),
  }),
});

export const dealSchema = ldResource("Deal", {
  slug: z.string().openapi({ example: "cr-v-e-hev-cash-back" }),
  kind: z.enum(["special", "service"]),
  title: z.string(),
  summary: z.string(),
  thumbnail: z.string(),
  image: z.string(),
  valid_until: z.string().openapi({ example: "2026-12-31" }),
  dealer_slug: z.string().nullable().openapi({ description: "Null for a group-wide (head office) deal" }),
});

const blogPostFields = {
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  publish_date: z.string().openapi({ example: "2026-10-14" }),
  image: imageRef,
  author: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  keywords: z.string().nullable(),
};
export const blogPostSchema = ldResource("BlogPost", blogPostFields);
export const blogPostDetailSchema = ldResource("BlogPost", {
  ...blogPostFields,
  body: z.string().openapi({ description: "HTML" }),
}).openapi("BlogPostDetail");

/** A lead's @id answers its status (GET /api/customer_enquiries/{id}): Queued, then Delivered or Failed. */
export const customerEnquiryStatusSchema = ldResource(
  "CustomerEnquiry",
  {
    id: z.string().openapi({ example: "3f1c2a9e-5b7d-4c1e-9a0b-2d6f8e4c7a31" }),
    status: z
      .enum(LEAD_STATUSES)
      .openapi({ description: "Queued until the dealer has the lead (Delivered), or Failed", example: "Queued" }),
  },
  { id: "required" },
);

export const financeApplicationStatusSchema = ldResource("FinanceApplicationStatus", {
  id: z.string().openapi({ example: "9d2e7b14-0c3a-4f6e-8b5d-1a7c3e9f2b60" }),
  status: z.string().openapi({ example: "Queued" }),
});

export const appointmentSlotSchema = ldResource("AppointmentSlot", {
  start: z.string().openapi({ description: "ISO 8601 with the +02:00 offset", example: "2026-12-05T09:30:00+02:00" }),
  end: z.string().openapi({ example: "2026-12-05T10:00:00+02:00" }),
  placesLeft: z.number().int().openapi({ description: "How many more bookings the slot takes", example: 2 }),
});

/** A paged collection's links (Hydra's PartialCollectionView): this page, the first and last, and the neighbours. */
const partialCollectionViewSchema = z.object({
  "@id": ldId.openapi({ example: "/api/vehicles?make[]=honda&page=2" }),
  "@type": z.literal("hydra:PartialCollectionView"),
  "hydra:first": ldId.openapi({ example: "/api/vehicles?make[]=honda&page=1" }),
  "hydra:last": ldId.openapi({ example: "/api/vehicles?make[]=honda&page=9" }),
  "hydra:previous": ldId
    .optional()
    .openapi({ description: "Absent on the first page", example: "/api/vehicles?make[]=honda&page=1" }),
  "hydra:next": ldId
    .optional()
    .openapi({ description: "Absent on the last page", example: "/api/vehicles?make[]=honda&page=3" }),
});

/**
 * A hydra collection of the given members (product.md §7): hydra:member and hydra:totalItems, under the members' own
 * context, so that a term means the same in a collection as in a resource alone. Its @id is the
 * collection's address with its filters; a paged collection (`paged`) links its pages in hydra:view.
 */
export function hydraCollectionSchema<T extends z.ZodObject>(
  member: T,
  extra: z.ZodRawShape = {},
  { paged = false } = {},
) {
  const type = (member.shape["@type"] as z.ZodLiteral<string>).value;
  return z.object({
    "@context": z.literal(`/api/contexts/${type}`),
    "@id": ldId.openapi({
      description: "The collection's IRI, with its filters but without the page",
      example: "/api/vehicles?make[]=honda",
    }),
    "@type": z.literal("hydra:Collection"),
    "hydra:member": z.array(member),
    "hydra:totalItems": z.number().int().openapi({ example: 8 }),
    ...(paged ? { "hydra:view": partialCollectionViewSchema } : {}),
    ...extra,
  });
}

/** Query and path parameter schemas shared by several operations, with the names of product.md §7. */
export const pageParameter = z.string().optional().openapi({
  description: "1-based page number from 1 to 100000 (leading zeros allowed, as the parser reads it); empty means 1",
  example: "1",
  pattern: "^$|^0*(?:[1-9][0-9]{0,4}|100000)$",
});

/** The page parameter parsed by the one page rule (core/shared/violations.ts): absent or empty is page 1. */
export const pageQuery = pageParameter.transform((raw, ctx) => {
  const violations: Violation[] = [];
  const page = parsePage(raw ?? null, violations);
  for (const violation of violations) ctx.addIssue({ code: "custom", message: violation.message });
  return page;
});

/**
 * A whole-number bound of the used listing (core/inventory/used-query.ts readWhole), which trims it first: blank or
 * 'Any' for none, else a number from `min` to `max`. The document's pattern states the range exactly
 * (to-regex-range), so that a generated client's value is one the listing's parser takes.
 */
function wholeNumber(min: number, max: number, description: string, example: string) {
  return z
    .string()
    .regex(/^\s*(|[Aa][Nn][Yy]|\d{1,9})\s*$/)
    .optional()
    .openapi({
      description: `${description}: a whole number from ${min} to ${max}`,
      example,
      pattern: `^\\s*(|[Aa][Nn][Yy]|${toRegexRange(min, max, { capture: true })})\\s*$`,
    });
}

export const usedFilterParameters = {
  make_slug: z.string().optional().openapi({ example: "honda" }),
  model_slug: z.string().optional().openapi({ example: "cr-v" }),
  "fuelType[]": z
    .array(z.enum(["Any", ...FUEL_TYPES]))
    .optional()
    .openapi({ description: "Repeatable; 'Any' clears the group; case-insensitive" }),
  "transmissionType[]": z
    .array(z.enum(["Any", ...TRANSMISSIONS]))
    .optional()
    .openapi({ description: "Repeatable; 'Any' clears the group" }),
  "vehicle_state[]": z
    .array(z.enum(["Any", ...VEHICLE_STATES]))
    .optional()
    .openapi({ description: "Repeatable; 'Any' clears the group" }),
  "price[gte]": wholeNumber(0, 100_000_000, "The lowest price, rand (inclusive)", "200000"),
  "price[lte]": wholeNumber(0, 100_000_000, "The highest price, rand (inclusive); not below price[gte]", "500000"),
  "year[gte]": wholeNumber(1900, 2100, "The oldest model year (inclusive)", "2018"),
  "year[lte]": wholeNumber(1900, 2100, "The newest model year (inclusive); not below year[gte]", "2024"),
  "mileage[lte]": wholeNumber(0, 10_000_000, "The highest mileage, km (inclusive)", "80000"),
  "bodyType[]": z
    .array(z.enum(["Any", ...BODY_TYPES]))
    .optional()
    .openapi({ description: "Repeatable; 'Any' clears the group; case-insensitive" }),
  "colour[]": z
    .array(z.string().regex(/^[\p{L} -]{1,30}$/u))
    .optional()
    .openapi({
      description: "Repeatable; a colour name as the filters answer lists it, case-insensitive; 'Any' clears the group",
    }),
  "province[]": z
    .array(z.enum(["Any", ...PROVINCES]))
    .optional()
    .openapi({ description: "Repeatable; 'Any' clears the group; case-insensitive" }),
  "dealer[]": z
    .array(z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/))
    .optional()
    .openapi({ description: "Repeatable: only these dealers' stock (their slugs)", example: ["honda-sandton"] }),
  q: z.string().max(100).optional().openapi({
    description:
      "Keywords, at most 100 characters: a vehicle matches when every word matches its make or model (typos forgiven), variant, colour, year, fuel, gearbox or body type",
    example: "white crv 2021",
  }),
};

/** The staff API (/api/staff) answers plain JSON: it is the back office's own, not a JSON-LD resource. */
export const JSON_MEDIA_TYPE = "application/json";

export const staffMeSchema = z
  .object({
    id: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The staff account; null for the e2e bootstrap administrator", example: 3 }),
    label: z.string().openapi({ example: "thandi@hondagroup.example" }),
    role: z.enum(STAFF_ROLES),
    roleLabel: z.string().openapi({ example: "Dealer manager" }),
    dealerIds: z
      .array(z.number().int())
      .openapi({ description: "The dealers a dealer manager looks after (empty for the group's roles)" }),
    csrfToken: z
      .string()
      .optional()
      .openapi({ description: "Send it in X-CSRF-Token with every write made with this session" }),
  })
  .openapi("StaffMe");

export const staffDealerSchema = z
  .object({
    id: z.number().int().openapi({ example: 4 }),
    slug: z.string().openapi({ example: "honda-umhlanga" }),
    dealerName: z.string().openapi({ example: "Honda Umhlanga" }),
    city: z.string().openapi({ example: "Umhlanga" }),
  })
  .openapi("StaffDealer");

const fieldChanges = z
  .record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))
  .openapi({ description: "Each changed field with its old and new value" });

export const stockFeedReportSchema = z
  .object({
    dealer: z.string().openapi({ example: "honda-umhlanga" }),
    dryRun: z.boolean().openapi({ description: "True for ?dry_run=1: nothing was stored" }),
    received: z.number().int().openapi({ description: "Vehicles in the feed" }),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    sold: z.number().int().openapi({ description: "The dealer's vehicles missing from the feed, now Sold" }),
    rejected: z.number().int().openapi({ description: "Rows skipped; errors says why" }),
    changes: z.array(
      z.union([
        z.object({ action: z.literal("created"), row: z.number().int(), stockNumber: z.string() }),
        z.object({
          action: z.literal("updated"),
          row: z.number().int(),
          stockNumber: z.string(),
          changes: fieldChanges,
        }),
        z.object({ action: z.literal("sold"), stockNumber: z.string(), changes: fieldChanges }),
      ]),
    ),
    errors: z
      .array(z.object({ row: z.number().int(), column: z.string(), message: z.string() }))
      .openapi({ description: "One entry per field at fault of each rejected row" }),
    columns: z
      .object({
        used: z.array(
          z.object({
            header: z.string().openapi({ example: "VinNo" }),
            column: z.string().openapi({ example: "vin" }),
          }),
        ),
        ignored: z.array(z.object({ header: z.string().openapi({ example: "Branch" }), reason: z.string() })),
      })
      .openapi({
        description: "Each column (or JSON field) of the feed: the stock field it was read as, or why it was ignored",
      }),
    catalogue: z
      .object({
        makes: z.array(z.string()).openapi({ example: ["Haval"] }),
        models: z.array(z.string()).openapi({ example: ["Haval Jolion"] }),
      })
      .openapi({
        description:
          "Makes and models the catalogue did not know, added with this feed (or that would be, in a dry run)",
      }),
    errorCounts: z
      .array(z.object({ column: z.string(), count: z.number().int() }))
      .openapi({ description: "Every error counted by column; `errors` lists the first 500 one by one" }),
    photos: z.object({
      stored: z.number().int(),
      unchanged: z.number().int(),
      failed: z.number().int(),
      wouldFetch: z.number().int(),
      results: z.array(
        z.object({
          row: z.number().int(),
          stockNumber: z.string(),
          url: z.string(),
          outcome: z.enum(["stored", "unchanged", "would fetch", "failed"]),
          message: z.string().optional(),
        }),
      ),
      hostsNotAllowed: z.array(z.string()).openapi({
        description:
          "Hosts the photo URLs name that are not listed for the dealer (their photos are not fetched); a group administrator may list them at /staff/feeds or from the upload page's report",
      }),
    }),
    held: z
      .object({
        id: z.number().int(),
        wouldSell: z.number().int().openapi({ description: "The dealer's vehicles the feed would mark Sold" }),
        stockCount: z.number().int().openapi({ description: "The dealer's vehicles not sold before the feed" }),
      })
      .nullable()
      .openapi({
        description:
          "Set (with 202) when the feed would mark more than CHANNEL_FEED_MAX_DROP of the dealer's stock sold: nothing changed, and the feed waits in the back office (/staff/channels) for someone to publish it",
      }),
  })
  .openapi("StockFeedReport");
