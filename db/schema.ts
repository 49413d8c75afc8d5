import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * Where the visit that sent a lead came from (core/attribution/visit.ts VisitSource): null when the lead came
 * without a live visit (an API client, or a visit that ended before the lead was sent).
 */
export type LeadAttribution = {
  source: string;
  medium: string;
  campaign: string | null;
  term: string | null;
  content: string | null;
  referrerHost: string | null;
  landingPath: string;
  clickIds: { gclid?: string; fbclid?: string; ttclid?: string };
};

/** One line of a dealer's opening hours, e.g. Mon-Fri 07:30-17:30; `opens` null means closed. */
export type BusinessHours = { days: string; opens: string | null; closes: string | null };

export const dealers = pgTable("dealers", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  dealerName: text("dealer_name").notNull(),
  contactNo: text("contact_no").notNull(),
  address: text("address").notNull(),
  city: text("city").notNull(),
  province: text("province").notNull(),
  /** The street part of `address` (ADF's street); null on rows older than migration 0009 that it could not split. */
  street: text("street"),
  /** The 4-digit postal code of `address` (ADF's postalcode). */
  postalCode: text("postal_code"),
  /** The address a map search should look up (product.md §3: location, the map embed address). */
  location: text("location").notNull(),
  dpName: text("dp_name").notNull(),
  dpEmail: text("dp_email").notNull(),
  dpContactNo: text("dp_contact_no").notNull(),
  businessHours: jsonb("business_hours").$type<BusinessHours[]>().notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  /** Test drives the dealer takes in one 30-minute slot (core/appointments). */
  testDriveCapacity: smallint("test_drive_capacity").notNull().default(2),
  /** Services the workshop takes in one 30-minute slot. */
  serviceCapacity: smallint("service_capacity").notNull().default(4),
  /** The dealer's Facebook page id (digits), for Meta's vehicle catalogue; null until staff set it. */
  fbPageId: text("fb_page_id"),
  /** Where the dealership stands (WGS 84 degrees), for the channels' maps; null until staff set it. */
  latitude: doublePrecision("latitude"),
  longitude: doublePrecision("longitude"),
});

export const banners = pgTable(
  "banners",
  {
    id: serial("id").primaryKey(),
    /** 'Car', 'Motorcycle' or '' for the home page. */
    type: text("type").notNull().default(""),
    title: text("title").notNull(),
    imageUri: text("image_uri").notNull(),
    buttonUrl: text("button_url").notNull(),
    buttonText: text("button_text").notNull().default("Explore more"),
    sortOrder: integer("sort_order").notNull().default(0),
    /** A banner uploaded in the back office: its stored image (renditions); null for the seed's drawn art. */
    imageId: text("image_id").references(() => storedImages.id),
    /** Null: group-wide. A dealer's banner shows on that dealer's pages (/dealer/{slug}/...), with the group's. */
    dealerId: integer("dealer_id").references(() => dealers.id),
    /** The schedule (core/content/schedule.ts): shown from `starts_at` (null: at once) until `ends_at` (null: no end). */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
  },
  (t) => [index("banners_type_idx").on(t.type, t.sortOrder)],
);

export const makes = pgTable("makes", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
});

export const models = pgTable(
  "models",
  {
    id: serial("id").primaryKey(),
    makeId: integer("make_id")
      .notNull()
      .references(() => makes.id),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
  },
  (t) => [
    uniqueIndex("models_make_slug_uq").on(t.makeId, t.slug),
    // What used_vehicles' (make, model) foreign key refers to.
    unique("models_make_id_uq").on(t.makeId, t.id),
  ],
);

/**
 * The open used-vehicle catalogue's memory of old names and addresses: a make renamed or merged
 * away leaves its name (by core/catalogue/make-names.ts nameKey) as an alias, so a feed that still sends it
 * finds the make, and its slug as a redirect, so /used/{old} answers 301 to the make's listing.
 */
export const makeAliases = pgTable("make_aliases", {
  nameKey: text("name_key").primaryKey(),
  makeId: integer("make_id")
    .notNull()
    .references(() => makes.id, { onDelete: "cascade" }),
});

export const makeRedirects = pgTable("make_redirects", {
  slug: text("slug").primaryKey(),
  makeId: integer("make_id")
    .notNull()
    .references(() => makes.id, { onDelete: "cascade" }),
});

/** A model's old slug under its make (renamed, or merged into another model of the make): /used/{make}/{old} answers 301. */
export const modelRedirects = pgTable(
  "model_redirects",
  {
    makeId: integer("make_id")
      .notNull()
      .references(() => makes.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.makeId, t.slug] })],
);

/** A new car or motorcycle model in the range (product.md §3: vehicle range). */
export const rangeModels = pgTable(
  "range_models",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id)
      .unique(),
    /** 'car' or 'motorcycle'. */
    type: text("type").notNull(),
    description: text("description").notNull(),
    mainImage: text("main_image").notNull(),
    brochure: text("brochure"),
    sortOrder: integer("sort_order").notNull().default(0),
    /** 'draft', 'on_sale', 'run_out' or 'retired' (core/catalogue/range-admin.server.ts). */
    state: text("state").notNull().default("on_sale"),
    /** Where a retired model's page answers 301; none means 410 with the range linked. */
    successorId: integer("successor_id").references((): AnyPgColumn => rangeModels.id),
    headline: text("headline").notNull().default(""),
    bodyType: text("body_type").notNull().default(""),
    /** Key specifications as staff write them (engine, power, torque, fuel use, seats, boot, safety, warranty, service plan). */
    specifications: jsonb("specifications").$type<Record<string, string>>().notNull().default({}),
    /** An uploaded brochure (range_brochures); when null, `brochure` is the generated one's address or none. */
    brochureId: text("brochure_id").references(() => rangeBrochures.id),
  },
  (t) => [index("range_models_type_idx").on(t.type, t.sortOrder)],
);

export const rangeVariants = pgTable(
  "range_variants",
  {
    id: serial("id").primaryKey(),
    rangeModelId: integer("range_model_id")
      .notNull()
      .references(() => rangeModels.id),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /** The Mead & McGrouther code (eight digits), unique in the range; null until staff enter it. */
    mmCode: text("mm_code"),
    price: integer("price").notNull(),
    powerKw: integer("power_kw").notNull(),
    torqueNm: integer("torque_nm").notNull(),
    transmission: text("transmission").notNull(),
    /** 'Automatic' or 'Manual'. */
    transmissionType: text("transmission_type").notNull(),
    fuel: text("fuel").notNull().default("Petrol"),
    engine: text("engine").notNull().default(""),
    termMonths: integer("term_months").notNull().default(72),
    interestRate: integer("interest_rate").notNull().default(12),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("range_variants_model_slug_uq").on(t.rangeModelId, t.slug),
    uniqueIndex("range_variants_mm_code_uq").on(t.mmCode),
  ],
);

/**
 * A variant's price from an instant on (prices on a date): the price shown at a moment is the latest row whose
 * `effective_at` has passed, else the variant's own `price` (core/catalogue/range-prices.server.ts). At most one row
 * per variant lies in the future at a time, which the services keep.
 */
export const rangePrices = pgTable(
  "range_prices",
  {
    id: serial("id").primaryKey(),
    rangeVariantId: integer("range_variant_id")
      .notNull()
      .references(() => rangeVariants.id, { onDelete: "cascade" }),
    /** Rand including VAT. */
    price: integer("price").notNull(),
    effectiveAt: timestamp("effective_at", { withTimezone: true }).notNull(),
    /** 'staff' (the variant's price page), 'price-list' (the maker's list) or 'seed'. */
    source: text("source").notNull(),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("range_prices_variant_instant_uq").on(t.rangeVariantId, t.effectiveAt)],
);

/** The maker's price list layouts staff named the columns of: the header's keys, then which column is which. */
export const priceListLayouts = pgTable("price_list_layouts", {
  /** The header's normalised names joined by "|". */
  layout: text("layout").primaryKey(),
  codeColumn: integer("code_column").notNull(),
  priceColumn: integer("price_column").notNull(),
  updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const rangeColours = pgTable("range_colours", {
  id: serial("id").primaryKey(),
  rangeModelId: integer("range_model_id")
    .notNull()
    .references(() => rangeModels.id),
  name: text("name").notNull(),
  colorCode: text("color_code").notNull(),
  /** The maker's paint code, e.g. 'NH-883P'. */
  paintCode: text("paint_code").notNull().default(""),
  /** The picture's address: a drawing until a picture is uploaded (then its largest JPEG rendition). */
  image: text("image").notNull(),
  /** The uploaded picture (stored_images); null while the drawing stands in. */
  imageId: text("image_id").references(() => storedImages.id),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const rangeGallery = pgTable("range_gallery", {
  id: serial("id").primaryKey(),
  rangeModelId: integer("range_model_id")
    .notNull()
    .references(() => rangeModels.id),
  image: text("image").notNull(),
  alt: text("alt").notNull(),
  /** The uploaded picture (stored_images); null for a drawing. */
  imageId: text("image_id").references(() => storedImages.id),
  /** A picture of one colour (shown with that colour), or null for the model's own gallery. */
  colourId: integer("colour_id").references((): AnyPgColumn => rangeColours.id, { onDelete: "cascade" }),
  sortOrder: integer("sort_order").notNull().default(0),
});

/**
 * The vehicles the public site shows (Available and Reserved; see core/inventory/stock-schema.ts), as SQL
 * with the statuses as literals: PostgreSQL uses the listing's partial indexes only for a query whose WHERE
 * clause contains this same condition.
 */
export const PUBLIC_STOCK_CONDITION = sql.raw(`"used_vehicles"."status" in ('Available', 'Reserved')`);

export const usedVehicles = pgTable(
  "used_vehicles",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id),
    makeId: integer("make_id")
      .notNull()
      .references(() => makes.id),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id),
    variant: text("variant").notNull(),
    year: smallint("year").notNull(),
    mileageKm: integer("mileage_km").notNull(),
    price: integer("price").notNull(),
    /** 'Automatic' or 'Manual'. */
    transmission: text("transmission").notNull(),
    /** 'Petrol', 'Diesel' or 'Hybrid'. */
    fuelType: text("fuel_type").notNull(),
    /** 'Used' or 'Demo'. */
    state: text("state").notNull(),
    exteriorColor: text("exterior_color").notNull(),
    listedAt: timestamp("listed_at", { withTimezone: true }).notNull().defaultNow(),
    /** The dealer's own stock number (from its DMS), unique per dealer; null for stock entered without one. */
    stockNumber: text("stock_number"),
    /** 17 characters, no I, O or Q; unique across the group when known. */
    vin: text("vin"),
    /** 'Draft', 'Available', 'Reserved' or 'Sold' (core/inventory): only Available and Reserved are public. */
    status: text("status").notNull().default("Available"),
    description: text("description"),
    /** The features and extras the DMS lists (or staff type), as sent: one list, items split by dealerFeatures. */
    features: text("features"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** One of BODY_TYPES (core/inventory/used-query.ts): Hatchback, Sedan, SUV, Bakkie... */
    bodyType: text("body_type").notNull().default("Other"),
    /** The TransUnion (Mead & McGrouther) code a DMS gives the model variant; null when not known. */
    mmCode: text("mm_code"),
    /** The registration number (number plate), as the dealer's system has it. */
    registration: text("registration"),
  },
  (t) => {
    /**
     * The listing's page query selects ids in an order and filters on these columns; carrying them in each
     * order index lets PostgreSQL answer it with an index-only scan (no heap visits, no sort), even deep in
     * the pages. See docs/performance-used.md.
     */
    const filters = [t.dealerId, t.makeId, t.modelId, t.fuelType, t.transmission, t.state] as const;
    const publicStock = PUBLIC_STOCK_CONDITION;
    return [
      // A vehicle's model is one of its make's: `make_slug=toyota&model_slug=jazz` can never find a Honda Jazz.
      foreignKey({
        name: "used_vehicles_model_of_make_fk",
        columns: [t.makeId, t.modelId],
        foreignColumns: [models.makeId, models.id],
      }),
      index("used_vehicles_make_model_idx").on(t.makeId, t.modelId, t.id),
      index("used_vehicles_dealer_idx").on(t.dealerId, t.id),
      // Partial: the listing shows only public stock (PUBLIC_STOCK_CONDITION), and so do these indexes.
      index("used_vehicles_public_id_idx")
        .on(t.id, ...filters)
        .where(publicStock),
      index("used_vehicles_public_price_idx")
        .on(t.price, t.id, ...filters)
        .where(publicStock),
      index("used_vehicles_public_mileage_idx")
        .on(t.mileageKm, t.id, ...filters)
        .where(publicStock),
      index("used_vehicles_public_year_idx")
        .on(t.year, t.id, ...filters)
        .where(publicStock),
      // The back office's stock list: most recently changed first, per dealer or all (core/inventory/stock-admin.server.ts).
      index("used_vehicles_dealer_updated_idx").on(t.dealerId, t.updatedAt, t.id),
      index("used_vehicles_updated_idx").on(t.updatedAt, t.id),
      uniqueIndex("used_vehicles_dealer_stock_number_uq").on(t.dealerId, t.stockNumber),
      uniqueIndex("used_vehicles_vin_uq").on(t.vin),
    ];
  },
);

/**
 * How many public used vehicles (Available or Reserved) there are for each combination of the filterable
 * columns, kept exact by statement-level triggers on used_vehicles (migrations 0002 and 0012). The filter panel's option counts and the
 * listing's total are sums over this table (hundreds of rows) instead of counts over the stock.
 */
export const usedVehicleCounts = pgTable(
  "used_vehicle_counts",
  {
    dealerId: integer("dealer_id").notNull(),
    makeId: integer("make_id").notNull(),
    modelId: integer("model_id").notNull(),
    fuelType: text("fuel_type").notNull(),
    transmission: text("transmission").notNull(),
    state: text("state").notNull(),
    vehicles: integer("vehicles").notNull(),
  },
  (t) => [
    primaryKey({
      name: "used_vehicle_counts_pk",
      columns: [t.dealerId, t.makeId, t.modelId, t.fuelType, t.transmission, t.state],
    }),
  ],
);

export const usedVehicleImages = pgTable(
  "used_vehicle_images",
  {
    id: serial("id").primaryKey(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => usedVehicles.id, { onDelete: "cascade" }),
    /** The drawn artwork's address for seeded stock; for a photo, its largest JPEG rendition's. */
    uri: text("uri").notNull(),
    position: smallint("position").notNull(),
    /** A photo's stored image (core/media); null for seeded artwork. */
    imageId: text("image_id").references(() => storedImages.id),
    /** Where a stock feed took the photo from: the same address in the next feed is not fetched again. */
    sourceUrl: text("source_url"),
  },
  (t) => [uniqueIndex("used_vehicle_images_vehicle_pos_uq").on(t.vehicleId, t.position)],
);

/** Specials (kind 'special') and service deals (kind 'service'); no dealer means head office. */
export const deals = pgTable(
  "deals",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    kind: text("kind").notNull(),
    dealerId: integer("dealer_id").references(() => dealers.id),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    thumbnail: text("thumbnail").notNull(),
    /** File name under /uploads/. */
    image: text("image").notNull(),
    /** The API's valid_until: the South African date of `ends_at` (or, for the seed's deals, the last day shown). */
    validUntil: date("valid_until").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    /** 'draft' or 'published' (core/content/deals.server.ts); only a published deal in its schedule is public. */
    status: text("status").notNull().default("published"),
    /** Public from this moment (null: at once), e.g. Friday 16:00 SAST. */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    /** Public until this moment; null: until the end of `valid_until` in South African time. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** A banner image uploaded in the back office (renditions); null for the seed's /uploads files. */
    imageId: text("image_id").references(() => storedImages.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("deals_kind_dealer_idx").on(t.kind, t.dealerId, t.sortOrder)],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    publishDate: date("publish_date").notNull(),
    imageUri: text("image_uri").notNull(),
    author: text("author").notNull(),
    body: text("body").notNull(),
    metaTitle: text("meta_title").notNull(),
    metaDescription: text("meta_description").notNull(),
    keywords: text("keywords"),
    /** 'draft' or 'published'; a published post with a future `published_at` is Scheduled (decided at read time). */
    status: text("status").notNull().default("published"),
    /** When the post goes public; `publish_date` is its date in South Africa, as pages show it. */
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    /** The body as the back office edits it (Markdown); `body` is its HTML. Null for posts written as HTML (the seed's). */
    bodyMarkdown: text("body_markdown"),
    /** The hero image when uploaded through the image pipeline (its renditions); null for the seed's drawn images. */
    imageId: text("image_id").references(() => storedImages.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("blog_posts_publish_idx").on(t.publishDate, t.id)],
);

/** A dealer's former slugs: /dealer/{old}/... and /api/dealers/{old} answer a permanent redirect to the current one. */
export const dealerFormerSlugs = pgTable("dealer_former_slugs", {
  slug: text("slug").primaryKey(),
  dealerId: integer("dealer_id")
    .notNull()
    .references(() => dealers.id, { onDelete: "cascade" }),
  retiredAt: timestamp("retired_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A sales lead from any enquiry form (product.md §3: enquiry). */
export const enquiries = pgTable(
  "enquiries",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id),
    formName: text("form_name").notNull(),
    leadType: text("lead_type").notNull(),
    source: text("source"),
    status: text("status").notNull().default("Queued"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    cellPhone: text("cell_phone").notNull(),
    make: text("make").notNull(),
    model: text("model"),
    variant: text("variant"),
    vinNo: text("vin_no"),
    partNo: text("part_no"),
    message: text("message"),
    contact: boolean("contact").notNull(),
    terms: boolean("terms").notNull(),
    consent: boolean("consent").notNull(),
    isUsed: smallint("is_used").notNull(),
    uri: text("uri").notNull(),
    specialSlug: text("special_slug"),
    usedVehicleId: integer("used_vehicle_id"),
    /** Parts and service: the year of the visitor's own vehicle. */
    vehicleYear: smallint("vehicle_year"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** Same person, enquiry and dealer in the same 10-minute window (core/leads/enquiries.server.ts): stored once. */
    dedupeKey: text("dedupe_key").notNull(),
    /** The source of the visit that sent it. */
    attribution: jsonb("attribution").$type<LeadAttribution>(),
    /**
     * Why a web form's enquiry is held as automated (core/leads/held.server.ts): 'honeypot', 'too-fast' or
     * 'no-render-time'; null for every lead that is delivered (never held, or released by staff).
     */
    heldReason: text("held_reason"),
    /** A held enquiry's time from the form's render to its send, in ms (for 'too-fast'). */
    heldFillMs: integer("held_fill_ms"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the person's details were erased or their retention period ended (core/privacy): names, contacts and free
     * text blanked, the row kept so that counts and dates still add up.
     */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("enquiries_dedupe_key_uq").on(t.dedupeKey),
    index("enquiries_held_idx").on(t.dealerId, t.createdAt).where(sql`${t.heldReason} is not null`),
    index("enquiries_dealer_created_idx").on(t.dealerId, t.createdAt),
    index("enquiries_status_idx").on(t.status, t.createdAt),
  ],
);

/** An online finance application; personal figures live only in the encrypted payload. */
export const financeApplications = pgTable(
  "finance_applications",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id),
    sourceCode: text("source_code").notNull(),
    status: text("status").notNull().default("Queued"),
    vehicleVariant: text("vehicle_variant").notNull(),
    make: text("make"),
    model: text("model"),
    /** AES-256-GCM ciphertext of the personal, employment, financial and expense sections. */
    encryptedPayload: text("encrypted_payload").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** The source of the visit that sent it (not personal: it is kept outside the encrypted payload). */
    attribution: jsonb("attribution").$type<LeadAttribution>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When its e-mail, phone and ID number were added to finance_application_identifiers; null: not yet (back-filled at start). */
    identifiersIndexedAt: timestamp("identifiers_indexed_at", { withTimezone: true }),
    /** When the applicant's details were erased or their retention ended (core/privacy): the payload sealed empty, the row kept for counts. */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
  },
  (t) => [index("finance_applications_created_idx").on(t.createdAt)],
);

/**
 * The keyed blind index of finance applications (decision 074): an HMAC of each normalised e-mail, phone and ID
 * number an application holds, so that one person's applications are found without decrypting them all. Nothing
 * can be read back from it without the server's key.
 */
export const financeApplicationIdentifiers = pgTable(
  "finance_application_identifiers",
  {
    applicationId: uuid("application_id")
      .notNull()
      .references(() => financeApplications.id, { onDelete: "cascade" }),
    blindIndex: text("blind_index").notNull(),
  },
  (t) => [
    primaryKey({ name: "finance_application_identifiers_pk", columns: [t.applicationId, t.blindIndex] }),
    index("finance_application_identifiers_index_idx").on(t.blindIndex),
  ],
);

/**
 * The do-not-contact list (POPIA sections 11(3) and 69): people who objected to direct marketing, by the keyed
 * blind index of their e-mail address or phone number (never the value), honoured by saved-search alerts and any
 * marketing mail, also for sign-ups after the objection.
 */
export const doNotContact = pgTable("do_not_contact", {
  blindIndex: text("blind_index").primaryKey(),
  /** 'email' or 'phone'. */
  kind: text("kind").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Files (outbox e-mails) an erasure or the retention job must still delete: written in the transaction that erases
 * the records, removed once the file is gone, so a deletion that failed is tried again by the daily retention job.
 */
export const pendingFileErasures = pgTable("pending_file_erasures", {
  path: text("path").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where a dealer's leads go: e-mail addresses and CRM webhooks, per kind of lead. A dealer with no
 * enabled e-mail channel for a kind of lead gets it at its dealer principal's address (dp_email).
 */
export const dealerLeadChannels = pgTable(
  "dealer_lead_channels",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id),
    /** 'email' or 'webhook'. */
    kind: text("kind").notNull(),
    /** An e-mail address or an https URL. */
    target: text("target").notNull(),
    /** 'enquiry', 'finance' or 'all'. */
    leadKind: text("lead_kind").notNull().default("all"),
    /**
     * E-mail: 'adf' (a CRM lead address: the ADF XML as the whole plain-text body) or 'readable' (people: HTML
     * and text, Reply-To the buyer). Webhook body: 'adf' (XML) or 'json'. Decision 015.
     */
    format: text("format").notNull().default("adf"),
    /** Webhook HMAC-SHA256 signing secret. */
    secret: text("secret"),
    enabled: boolean("enabled").notNull().default(true),
  },
  (t) => [index("dealer_lead_channels_dealer_idx").on(t.dealerId)],
);

/**
 * The delivery outbox: one row per lead and channel, written in the same transaction as the lead, worked by
 * any number of app instances with FOR UPDATE SKIP LOCKED.
 */
export const leadDeliveries = pgTable(
  "lead_deliveries",
  {
    id: serial("id").primaryKey(),
    /** 'enquiry' or 'finance'. */
    leadKind: text("lead_kind").notNull(),
    leadId: uuid("lead_id").notNull(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id),
    channel: text("channel").notNull(),
    target: text("target").notNull(),
    /** See dealer_lead_channels.format; 'confirmation' is the short e-mail to the buyer. */
    format: text("format").notNull().default("adf"),
    secret: text("secret"),
    /** 'pending', 'delivered' or 'failed'. */
    status: text("status").notNull().default("pending"),
    /** The ADF XML of the last successful send, exactly as sent (a finance lead's is encrypted like its application). */
    sentAdf: text("sent_adf"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("lead_deliveries_lead_channel_uq").on(t.leadKind, t.leadId, t.channel, t.target),
    index("lead_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("lead_deliveries_lead_idx").on(t.leadId),
  ],
);

export const leadDeliveryAttempts = pgTable(
  "lead_delivery_attempts",
  {
    id: serial("id").primaryKey(),
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => leadDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
    ok: boolean("ok").notNull(),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
  },
  (t) => [index("lead_delivery_attempts_delivery_idx").on(t.deliveryId)],
);

/**
 * Fixed-window POST counters per client, shared by every app instance on this database. One row per
 * key and window; windows older than the previous one are deleted as new windows open.
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [
    primaryKey({ name: "rate_limit_windows_pk", columns: [t.key, t.windowStart] }),
    index("rate_limit_windows_start_idx").on(t.windowStart),
  ],
);

/** Bytes (PostgreSQL bytea) as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Staff of the back office (/staff). `role` is one of core/staff/roles.ts STAFF_ROLES; a dealer manager acts
 * for the dealers in staff_user_dealers. `password_hash` is null until the person sets a password through a
 * one-time link (first administrator, new accounts, resets).
 */
export const staffUsers = pgTable("staff_users", {
  id: serial("id").primaryKey(),
  /** Stored lower-case; unique. */
  email: text("email").notNull().unique(),
  displayName: text("display_name").notNull(),
  role: text("role").notNull(),
  passwordHash: text("password_hash"),
  /** Base32 TOTP secret once the person turned two-factor sign-in on (own account page); null: off. */
  totpSecret: text("totp_secret"),
  /** The last TOTP time step (30 s periods since the epoch) a sign-in used: that code, or an older one, never works again. */
  totpLastStep: integer("totp_last_step"),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const staffUserDealers = pgTable(
  "staff_user_dealers",
  {
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ name: "staff_user_dealers_pk", columns: [t.staffUserId, t.dealerId] }),
    index("staff_user_dealers_dealer_idx").on(t.dealerId),
  ],
);

/**
 * Signed-in staff sessions. Only the SHA-256 of the cookie's token is kept, so a copy of the database signs
 * nobody in. A session ends at `expires_at` (absolute) or after the idle limit since `last_seen_at`.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    /** Sent back with every staff write (form field or X-CSRF-Token header). */
    csrfToken: text("csrf_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_sessions_user_idx").on(t.staffUserId), index("staff_sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Failed staff sign-ins per key (a known device; an account from one client; a client; an account from every
 * unknown device), shared by every instance (core/staff/sign-in-throttle.server.ts). A key's window starts with its
 * first failure and lasts an hour; the daily staff housekeeping deletes rows whose window has ended.
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sign_in_failures_window_idx").on(t.windowStartedAt)],
);

/**
 * One-time links and steps, stored as the SHA-256 of the token, single use, with an expiry: 'setup' (the
 * first administrator; no user yet), 'invite' (a new account sets its password), 'reset' (forgotten
 * password), 'second-factor' (a correct password waiting for its TOTP code).
 */
export const staffTokens = pgTable(
  "staff_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose").notNull(),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("staff_tokens_user_idx").on(t.staffUserId)],
);

/**
 * Every change made in the back office or by a stock feed: who (a staff user, or `actor_label` alone for a
 * feed key or the system), when, what, and the old and new value of each changed field. Never updated.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** The acting user's e-mail at the time, "feed key <name>" or "system": readable after the user is gone. */
    actorLabel: text("actor_label").notNull(),
    /** What was done, as `<entity>.<verb>`: 'used_vehicle.update', 'staff_user.create', 'finance_application.open'. */
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    dealerId: integer("dealer_id").references(() => dealers.id, { onDelete: "set null" }),
    /** Field name to { from, to } for the fields that changed; empty for an action without field changes. */
    changes: jsonb("changes").$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_entity_idx").on(t.entity, t.entityId, t.at)],
);

/**
 * One image as received (photos, banners, sell-your-car uploads), after core/media's checks. `id` is the
 * SHA-256 of the received bytes, so the same upload is stored once. The original is kept for re-processing
 * and is never served to the public (it may carry EXIF and GPS data); the public gets the renditions.
 */
/** A model's brochure as staff uploaded it: a PDF, checked by its content, named by the SHA-256 of its bytes. */
export const rangeBrochures = pgTable("range_brochures", {
  id: text("id").primaryKey(),
  bytes: bytea("bytes").notNull(),
  byteSize: integer("byte_size").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const storedImages = pgTable("stored_images", {
  id: text("id").primaryKey(),
  /** 'image/jpeg', 'image/png' or 'image/webp', as found in the bytes (never the name or the sender's word). */
  contentType: text("content_type").notNull(),
  /** Upright size (after EXIF orientation). */
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  byteSize: integer("byte_size").notNull(),
  original: bytea("original").notNull(),
  /**
   * A seller's photo (sell-your-car): personal data, so its renditions are never served at the public
   * /media/images address; the dealer reaches them only through signed, expiring links (decision 026).
   */
  isPrivate: boolean("is_private").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A public rendition of a stored image: upright, stripped of metadata, at one width and format. Served at
 * /media/images/<hash>.<ext> with an immutable cache lifetime; `hash` is of the rendition's own bytes.
 */
export const imageRenditions = pgTable(
  "image_renditions",
  {
    hash: text("hash").primaryKey(),
    imageId: text("image_id")
      .notNull()
      .references(() => storedImages.id, { onDelete: "cascade" }),
    /** 'avif', 'webp' or 'jpeg'. */
    format: text("format").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [uniqueIndex("image_renditions_image_format_width_uq").on(t.imageId, t.format, t.width)],
);

/**
 * A dealer's stock-feed keys (PUT /api/staff/dealers/{slug}/stock): shown once at creation, stored as a
 * SHA-256 hash (the keys are long random strings, so a slow hash adds nothing), revocable.
 */
export const dealerFeedKeys = pgTable(
  "dealer_feed_keys",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    /** The key's first characters, to tell keys apart in the back office. */
    keyPrefix: text("key_prefix").notNull(),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("dealer_feed_keys_dealer_idx").on(t.dealerId)],
);

/**
 * How a feed key's export is read: which of its columns is which stock field, by the header's
 * name, and how a column's values map to the site's ("7G-Tronic" is Automatic). Saved by a group
 * administrator on the feeds page; the feed API reads the key's feed with it, over the built-in column names.
 */
export const feedColumnProfiles = pgTable("feed_column_profiles", {
  feedKeyId: integer("feed_key_id")
    .primaryKey()
    .references(() => dealerFeedKeys.id, { onDelete: "cascade" }),
  /** Stock field (core/inventory/stock-feed-format.server.ts FeedColumn) to the export's header for it. */
  columns: jsonb("columns").$type<Record<string, string>>().notNull(),
  /** Stock field to { the export's value: the site's value }. */
  valueMaps: jsonb("value_maps").$type<Record<string, Record<string, string>>>().notNull(),
  updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A dealer's mapping for one layout of its stock files (decision 076): the file's header (its columns, in
 * order, compared without case or punctuation) identifies the layout; staff map its columns and values once
 * on the upload page, and every later file of that layout, uploaded or sent to the feed API, is read with it.
 */
export const dealerFeedLayouts = pgTable(
  "dealer_feed_layouts",
  {
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    /** The header's column keys joined by "|" (core/inventory/feed-profiles.server.ts layoutKey). */
    layout: text("layout").notNull(),
    /** The header as the file wrote it, to show on the upload page. */
    headers: jsonb("headers").$type<string[]>().notNull(),
    columns: jsonb("columns").$type<Record<string, string>>().notNull(),
    valueMaps: jsonb("value_maps").$type<Record<string, Record<string, string>>>().notNull(),
    /** Headers staff chose not to read, though the built-in names would place them. */
    ignored: jsonb("ignored").$type<string[]>().notNull().default([]),
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "dealer_feed_layouts_pk", columns: [t.dealerId, t.layout] })],
);

/** The hosts a dealer's stock feed may name in photo URLs (the server fetches only from these). */
export const dealerFeedPhotoHosts = pgTable(
  "dealer_feed_photo_hosts",
  {
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    /** A host name, or host:port, lower-case. */
    host: text("host").notNull(),
  },
  (t) => [primaryKey({ name: "dealer_feed_photo_hosts_pk", columns: [t.dealerId, t.host] })],
);

/**
 * Where a lead stands with its dealer's salespeople: New, Contacted, Appointment, Sold or Lost.
 * One row per lead once somebody first changes it (a lead without a row is New); `first_response_at` is the
 * first change and never moves, for the first-response report. Enquiries and finance applications alike.
 */
export const leadWorkStatus = pgTable(
  "lead_work_status",
  {
    leadId: uuid("lead_id").primaryKey(),
    /** 'enquiry' or 'finance'. */
    leadKind: text("lead_kind").notNull(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedById: integer("updated_by_id").references(() => staffUsers.id, { onDelete: "set null" }),
    updatedByLabel: text("updated_by_label").notNull(),
  },
  (t) => [index("lead_work_status_dealer_idx").on(t.dealerId, t.status)],
);

/** Each change of a lead's work status and each note on it, with who and when; never updated. */
export const leadWorkNotes = pgTable(
  "lead_work_notes",
  {
    id: serial("id").primaryKey(),
    leadId: uuid("lead_id").notNull(),
    /** The status set by this change; null for a note alone. */
    status: text("status"),
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references(() => staffUsers.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
  },
  (t) => [index("lead_work_notes_lead_idx").on(t.leadId, t.at)],
);

/**
 * Every change of a used vehicle's price, written by a trigger on used_vehicles (migration 0014), so that
 * any writer (back office, feed import, plain SQL) leaves the history the vehicle page and price-drop
 * alerts show.
 */
export const usedVehiclePriceChanges = pgTable(
  "used_vehicle_price_changes",
  {
    id: serial("id").primaryKey(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => usedVehicles.id, { onDelete: "cascade" }),
    oldPrice: integer("old_price").notNull(),
    newPrice: integer("new_price").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("used_vehicle_price_changes_vehicle_idx").on(t.vehicleId, t.changedAt),
    index("used_vehicle_price_changes_at_idx").on(t.changedAt),
  ],
);

/**
 * An e-mail address that asked for saved-search alerts, with its POPIA consent. The manage token
 * opens the page listing all of its searches; after unsubscribing, nothing is sent and the row (and its
 * searches) is deleted after the retention period.
 */
export const alertAddresses = pgTable("alert_addresses", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  manageToken: text("manage_token").notNull().unique(),
  consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A saved used-listing search: the listing's filters as its canonical query string (make_slug and model_slug
 * included) and the dealer it was scoped to. Nothing is sent before `confirmed_at` (double opt-in); an alert
 * lists what is new since `notified_at` (the confirmation, at first).
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: serial("id").primaryKey(),
    addressId: integer("address_id")
      .notNull()
      .references(() => alertAddresses.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    dealerId: integer("dealer_id").references(() => dealers.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    confirmToken: text("confirm_token").notNull().unique(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("saved_searches_address_idx").on(t.addressId)],
);

/**
 * The scheduled jobs' runs (core/jobs/runner.server.ts): one row per job name. An instance runs a job only after
 * taking its lease in one conditional UPDATE, so with several instances on one database exactly one runs
 * each due run.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  leaseHolder: text("lease_holder"),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  lastOutcome: text("last_outcome"),
  lastError: text("last_error"),
});

/**
 * A test drive or service booked with an enquiry (core/appointments): one 30-minute slot at the enquiry's
 * dealer. Only booked ones count against the dealer's capacity; a cancelled one frees its place.
 */
export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .unique()
      .references(() => enquiries.id),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id),
    /** 'test-drive' or 'service'. */
    kind: text("kind").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** 'booked' or 'cancelled'. */
    status: text("status").notNull().default("booked"),
    /** Counts changes (moves, cancellation), so that each notice to the dealer is a message of its own. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("appointments_dealer_slot_idx").on(t.dealerId, t.kind, t.startsAt)],
);

/** A 'Sell Your Car' lead's vehicle details beyond the enquiry's make, model and year. */
export const tradeIns = pgTable("trade_ins", {
  enquiryId: uuid("enquiry_id")
    .primaryKey()
    .references(() => enquiries.id),
  mileageKm: integer("mileage_km").notNull(),
  /** ADF's condition: 'excellent', 'good', 'fair' or 'poor'. */
  condition: text("condition").notNull(),
  outstandingFinance: boolean("outstanding_finance").notNull(),
  /** Offered as a trade-in towards a car on this site (rather than sold outright). */
  tradeIn: boolean("trade_in").notNull(),
  /** The used car it is traded in towards, when the seller came from its page. */
  towardsUsedVehicleId: integer("towards_used_vehicle_id"),
});

/** The seller's photos of a 'Sell Your Car' lead, in the order sent (private stored images). */
export const tradeInPhotos = pgTable(
  "trade_in_photos",
  {
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => enquiries.id),
    /** 1 to 8. */
    position: smallint("position").notNull(),
    imageId: text("image_id")
      .notNull()
      .references(() => storedImages.id),
  },
  (t) => [primaryKey({ columns: [t.enquiryId, t.position] })],
);

/**
 * Real visitors' Core Web Vitals, one row per South African day, page type, device class, vital and value
 * bucket (core/vitals): how many page views measured a value in that bucket. Nothing that identifies a
 * visitor or a page beyond its type (decision 053). Old days are deleted by the `web-vitals-purge` job.
 */
export const webVitalsDaily = pgTable(
  "web_vitals_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    pageType: text("page_type").notNull(),
    device: text("device").notNull(),
    metric: text("metric").notNull(),
    bucket: smallint("bucket").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.pageType, table.device, table.metric, table.bucket] })],
);

/**
 * An outbound catalogue channel of one dealer (core/channels): switched on or off, and its feed key. The key
 * is never stored, not even hashed: it is an HMAC of `key_nonce` with the server's link key, so a copy of
 * the database opens no feed, and the back office can show the feed URL again. A rotated key's nonce stays
 * valid until `previous_key_valid_until`, so the channel keeps fetching while its URL is replaced (decision 054).
 */
export const channelFeeds = pgTable(
  "channel_feeds",
  {
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    /** One of CHANNEL_IDS (core/channels/channels.server.ts). */
    channel: text("channel").notNull(),
    enabled: boolean("enabled").notNull().default(false),
    /** Null once revoked: no key opens the feed until a new one is made. */
    keyNonce: text("key_nonce"),
    previousKeyNonce: text("previous_key_nonce"),
    previousKeyValidUntil: timestamp("previous_key_valid_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "channel_feeds_pk", columns: [t.dealerId, t.channel] })],
);

/**
 * A stock import held back because it would mark more than CHANNEL_FEED_MAX_DROP of the dealer's stock sold
 * (core/inventory/held-imports.server.ts): its rows as read, kept until someone publishes it (or a newer import of
 * the dealer replaces it). Nothing of it is applied before then.
 */
export const heldStockImports = pgTable(
  "held_stock_imports",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    /** 'upload' (the back office's import page) or 'feed' (the DMS's PUT). */
    source: text("source").notNull(),
    /** Who sent it, as the audit names them ("feed key Autoslm", a person's label). */
    sentBy: text("sent_by").notNull(),
    /** The rows as the parser read them (FeedRow[]) and how it placed the columns (FeedColumnsReport). */
    rows: jsonb("rows").notNull(),
    columns: jsonb("columns").notNull(),
    /** Vehicles the import would mark sold, of the dealer's stock that a feed may sell. */
    wouldSell: integer("would_sell").notNull(),
    stockCount: integer("stock_count").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when someone published it; null while it waits. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedBy: text("published_by"),
    /** Set when a newer import of the same dealer took its place. */
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
  },
  (t) => [index("held_stock_imports_dealer_idx").on(t.dealerId, t.receivedAt)],
);

/** Each fetch of a channel's feed: when, by which client, what it was answered (status and items) and how long it took. */
export const channelFetches = pgTable(
  "channel_fetches",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
    userAgent: text("user_agent").notNull(),
    /** Items in the file answered (the previous good file's when guarded). */
    items: integer("items").notNull(),
    /** Items the stock had for the channel but its rules left out. */
    leftOut: integer("left_out").notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** The HTTP status the channel was answered: 200 (the file) or 304 (not modified: it keeps what it has). */
    status: smallint("status").notNull().default(200),
    /**
     * Fetch-side guard of old (decision 054), no longer written (decision 077): the previous good file was
     * answered instead of a smaller one, and the item count the smaller one had.
     */
    guarded: boolean("guarded").notNull().default(false),
    wouldHaveItems: integer("would_have_items"),
  },
  (t) => [index("channel_fetches_dealer_channel_idx").on(t.dealerId, t.channel, t.fetchedAt)],
);

/**
 * What the site's pages do, counted per day and per source of the visit, and nothing else: no address,
 * no visitor id, no time of day. `kind` is one of COUNT_KINDS (core/insights/counts.server.ts); `subject` is what was
 * viewed or clicked (a used vehicle's id, a model's slug, a form's name), '' where the kind has none; `dealer_id`
 * 0 where no dealer is concerned; `campaign` '' for a visit without one. Kept 25 months.
 */
export const pageCountsDaily = pgTable(
  "page_counts_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    dealerId: integer("dealer_id").notNull(),
    source: text("source").notNull(),
    medium: text("medium").notNull(),
    campaign: text("campaign").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.day, table.kind, table.subject, table.dealerId, table.source, table.medium, table.campaign],
    }),
    index("page_counts_daily_kind_day_idx").on(table.kind, table.day),
  ],
);

/**
 * What a campaign cost over a period, entered by a group administrator (dealer_id null: the group's) or a
 * dealer manager, so that the insights page can give a cost per lead. A campaign is named as its links name it
 * (utm_source, utm_medium, utm_campaign).
 */
export const campaignSpend = pgTable(
  "campaign_spend",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id").references(() => dealers.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    medium: text("medium").notNull(),
    campaign: text("campaign").notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("campaign_spend_period_idx").on(table.periodStart, table.periodEnd)],
);
