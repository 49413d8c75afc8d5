import type { RangeModelView } from "../../core/catalogue/ranges.server.ts";
import { sastDate } from "../../core/content/schedule.ts";
import type { BlogPostView } from "../../core/content/blog.server.ts";
import type { DealerView } from "../../core/dealers/dealers.server.ts";
import type { UsedVehicleView } from "../../core/inventory/used-vehicles.server.ts";
import { absoluteUrl, type JsonLd, SITE_NAME } from "./meta.ts";

/** schema.org structured data for the pages' JSON-LD: vehicles, dealers and posts. */

const CONTEXT = "https://schema.org";
const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** "Monday to Friday", "Saturday and public holidays", "Sunday": the days of the week (and public holidays) a line of business hours names. */
export function daysOfWeek(days: string): string[] {
  const named = WEEK.filter((day) => days.includes(day));
  const range = /(\w+day) to (\w+day)/.exec(days);
  const from = range ? WEEK.indexOf(range[1] as (typeof WEEK)[number]) : -1;
  const to = range ? WEEK.indexOf(range[2] as (typeof WEEK)[number]) : -1;
  const weekdays = from >= 0 && to >= from ? [...WEEK.slice(from, to + 1)] : [...named];
  // schema.org's PublicHolidays: a dealer's holiday hours (product.md §9).
  return /public holiday/i.test(days) ? [...weekdays, "PublicHolidays"] : weekdays;
}

function openingHours(dealer: DealerView): JsonLd[] {
  return dealer.business_hours
    .filter((line) => line.opens && line.closes)
    .map((line) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: daysOfWeek(line.days).map((day) => `${CONTEXT}/${day}`),
      opens: line.opens,
      closes: line.closes,
    }));
}

function postalAddress(dealer: DealerView): JsonLd {
  return {
    "@type": "PostalAddress",
    streetAddress: dealer.address,
    addressLocality: dealer.city,
    addressRegion: dealer.province,
    addressCountry: "ZA",
  };
}

export function autoDealerJsonLd(siteUrl: string, dealer: DealerView): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "AutoDealer",
    "@id": absoluteUrl(siteUrl, `${dealer.uri}#dealer`),
    name: dealer.dealerName,
    url: absoluteUrl(siteUrl, dealer.uri),
    telephone: dealer.dealer_contact_no,
    address: postalAddress(dealer),
    openingHoursSpecification: openingHours(dealer),
    parentOrganization: { "@type": "Organization", name: SITE_NAME, url: absoluteUrl(siteUrl, "/") },
  };
}

const kilometres = (value: number) => ({ "@type": "QuantitativeValue", value, unitCode: "KMT" });

/** A used or demo vehicle for sale: a Car with its Offer in rand, sold by its dealer. */
export function usedVehicleJsonLd(
  siteUrl: string,
  vehicle: UsedVehicleView,
  dealer: DealerView | null,
  description: string | null = null,
): JsonLd {
  const url = absoluteUrl(siteUrl, vehicle.uri);
  return {
    "@context": CONTEXT,
    "@type": "Car",
    name: `${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.variant}`,
    // The dealer's own words, as plain text (a DMS's markup stays text in JSON).
    ...(description?.trim() ? { description: description.trim() } : {}),
    url,
    image: vehicle.images.map((image) => absoluteUrl(siteUrl, image.uri)),
    brand: { "@type": "Brand", name: vehicle.make },
    model: vehicle.model,
    vehicleConfiguration: vehicle.variant,
    vehicleModelDate: String(vehicle.year),
    productionDate: String(vehicle.year),
    color: vehicle.exterior_color,
    fuelType: vehicle.fuel_type,
    // "Other" says nothing a buyer or search engine can use.
    ...(vehicle.body_type !== "Other" ? { bodyType: vehicle.body_type } : {}),
    vehicleTransmission: vehicle.transmission,
    itemCondition: `${CONTEXT}/UsedCondition`,
    mileageFromOdometer: kilometres(vehicle.mileage.value),
    sku: String(vehicle.id),
    offers: {
      "@type": "Offer",
      url,
      price: vehicle.price,
      priceCurrency: "ZAR",
      availability: vehicle.status === "Reserved" ? `${CONTEXT}/LimitedAvailability` : `${CONTEXT}/InStock`,
      seller: dealer
        ? { "@type": "AutoDealer", name: dealer.dealerName, url: absoluteUrl(siteUrl, dealer.uri) }
        : { "@type": "AutoDealer", name: vehicle.dealer_name },
    },
  };
}

/** A new model: a Car (or Motorcycle) with an Offer in rand per variant, new so no distance on the clock. */
export function modelJsonLd(siteUrl: string, model: RangeModelView, pagePath: string): JsonLd {
  const url = absoluteUrl(siteUrl, pagePath);
  return {
    "@context": CONTEXT,
    "@type": model.type === "motorcycle" ? "Motorcycle" : "Car",
    name: `${model.make} ${model.model}`,
    url,
    description: model.description,
    image: absoluteUrl(siteUrl, model.mainImage),
    brand: { "@type": "Brand", name: model.make },
    model: model.model,
    itemCondition: `${CONTEXT}/NewCondition`,
    mileageFromOdometer: kilometres(0),
    offers: model.variants.map((variant) => ({
      "@type": "Offer",
      name: `${model.make} ${model.model} ${variant.variant}`,
      url: `${url}?variant=${variant.variant_slug}`,
      price: variant.modelPrice,
      priceCurrency: "ZAR",
      // Where a change is scheduled: the last South African day this price holds.
      ...(variant.scheduledPriceFrom
        ? { priceValidUntil: sastDate(new Date(variant.scheduledPriceFrom), { endExclusive: true }) }
        : {}),
      // A run-out model is sold while the dealers' stock lasts.
      availability: model.state === "run_out" ? `${CONTEXT}/LimitedAvailability` : `${CONTEXT}/InStock`,
      seller: { "@type": "Organization", name: SITE_NAME },
    })),
  };
}

export function blogPostingJsonLd(siteUrl: string, post: BlogPostView): JsonLd {
  const url = absoluteUrl(siteUrl, `/blog/${post.slug}`);
  return {
    "@context": CONTEXT,
    "@type": "BlogPosting",
    headline: post.title,
    description: post.meta_description,
    url,
    mainEntityOfPage: url,
    image: absoluteUrl(siteUrl, post.image.uri),
    datePublished: post.publish_date,
    author: { "@type": "Person", name: post.author },
    publisher: { "@type": "Organization", name: SITE_NAME, url: absoluteUrl(siteUrl, "/") },
    ...(post.keywords ? { keywords: post.keywords } : {}),
  };
}
