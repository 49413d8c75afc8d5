import { SLUG_PATTERN, slugFromTitle } from "../shared/slug.ts";
import { z } from "../shared/zod.ts";
import { hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE } from "../shared/text-rules.ts";
import { type Parsed, violationsFromZod } from "../shared/violations.ts";
import {
  BANNER_TYPES,
  type BannerType,
  DEAL_KINDS,
  type DealKind,
  DEFAULT_BANNER_BUTTON_TEXT,
} from "./content-labels.ts";
import { parseSastDateTime } from "./schedule.ts";

/**
 * Specials, service deals and banners as the back office enters them: the field rules, on form
 * strings (blanks count as missing). Times are South African (datetime-local, "2026-11-27T16:00"). The
 * labels are the form's, and name the fields in the 422 answers.
 */

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const text = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} is required` })
      .trim()
      .max(max, `${label} is at most ${max} characters`)
      .refine(hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE),
  );

const moment = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.string({ error: `${label} is required` }).transform((value, ctx) => {
      const parsed = parseSastDateTime(value);
      if (parsed) return parsed;
      ctx.addIssue({ code: "custom", message: `${label} must be a date and time, e.g. 2026-11-27 16:00` });
      return z.NEVER;
    }),
  );

const order = z.preprocess(
  (value) => blankToUndefined(typeof value === "string" ? value.replace(/\s/g, "") : value),
  z.coerce
    .number({ error: "Order must be a whole number" })
    .int("Order must be a whole number")
    .min(0, "Order must be 0 or more")
    .max(9999, "Order is at most 9999")
    .default(0),
);

const dealSchema = z
  .object({
    title: text("Title", 120),
    slug: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(80, "Address is at most 80 characters")
        .regex(SLUG_PATTERN, "Address may hold only small letters, digits and single hyphens")
        .optional(),
    ),
    kind: z.enum(DEAL_KINDS as [DealKind, ...DealKind[]], { error: "Kind must be Special or Service deal" }),
    dealer: z.preprocess(
      blankToUndefined,
      z.string().trim().max(100).refine(hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE).optional(),
    ),
    summary: text("Summary", 600),
    startsAt: z.preprocess(blankToUndefined, moment("Valid from").optional()),
    endsAt: moment("Valid until"),
    sortOrder: order,
  })
  .superRefine((deal, ctx) => {
    if (deal.startsAt && deal.endsAt.getTime() <= deal.startsAt.getTime()) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "Valid until must be after Valid from" });
    }
  });

export type DealInput = z.infer<typeof dealSchema> & { slug: string };

export function parseDeal(input: unknown): Parsed<DealInput> {
  const parsed = dealSchema.safeParse(input);
  if (!parsed.success) return { ok: false, violations: violationsFromZod(parsed.error) };
  const slug = parsed.data.slug ?? slugFromTitle(parsed.data.title);
  if (!slug)
    return {
      ok: false,
      violations: [{ propertyPath: "slug", message: "Give the special an address (slug) of letters and digits" }],
    };
  return { ok: true, value: { ...parsed.data, slug } };
}

/** A banner's link: a path on this site ("/new/honda/hr-v") or an https address; nothing else (no javascript:, no //host). */
function isAcceptableLink(value: string): boolean {
  if (/^\/(?![/\\])[^\s]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0 && !/\s/.test(value);
  } catch {
    return false;
  }
}

const bannerSchema = z
  .object({
    title: text("Title", 120),
    type: z.enum(BANNER_TYPES as unknown as [BannerType, ...BannerType[]], {
      error: "Type must be General, Car or Motorcycle",
    }),
    buttonText: z.preprocess(blankToUndefined, text("Button text", 40).default(DEFAULT_BANNER_BUTTON_TEXT)),
    buttonUrl: z.preprocess(
      blankToUndefined,
      z
        .string({ error: "Link is required" })
        .trim()
        .max(500, "Link is at most 500 characters")
        .refine(isAcceptableLink, "Link must be a path on this site (starting with /) or an https:// address")
        .refine(hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE),
    ),
    dealer: z.preprocess(
      blankToUndefined,
      z.string().trim().max(100).refine(hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE).optional(),
    ),
    sortOrder: order,
    startsAt: z.preprocess(blankToUndefined, moment("Shown from").optional()),
    endsAt: z.preprocess(blankToUndefined, moment("Shown until").optional()),
  })
  .superRefine((banner, ctx) => {
    if (banner.startsAt && banner.endsAt && banner.endsAt.getTime() <= banner.startsAt.getTime()) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "Shown until must be after Shown from" });
    }
  });

export type BannerInput = z.infer<typeof bannerSchema>;

export function parseBanner(input: unknown): Parsed<BannerInput> {
  const parsed = bannerSchema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, violations: violationsFromZod(parsed.error) };
}
