import { z } from "../shared/zod.ts";
import { type Parsed, violationsFromZod } from "../shared/violations.ts";

/**
 * The leads inbox's filter and status names, with no server-only imports: the pages' components use them too
 * (core/leads/inbox.server.ts is the service).
 */

export const WORK_STATUSES = ["New", "Contacted", "Appointment", "Sold", "Lost"] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];
/** The lead's delivery to its dealer (enquiries.status / finance_applications.status, kept by the outbox). */
export const DELIVERY_STATUSES = ["Queued", "Delivered", "Failed"] as const;

/**
 * The inbox's views: the leads (default), or the enquiries held as automated (core/leads/held.server.ts), which are no
 * leads until a member of staff releases them.
 */
export const INBOX_VIEWS = ["held"] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

/** The Source filter's choice for leads sent without a recorded visit (an API client's, or a visit that had ended). */
export const SOURCE_NOT_RECORDED = "(not recorded)";

const isoDate = z.iso.date("Use a date as YYYY-MM-DD");
export const blankAsAbsent = (value: unknown) => (value === "" || value === null ? undefined : value);

const inboxFilterSchema = z.object({
  view: z.preprocess(blankAsAbsent, z.enum(INBOX_VIEWS, "Choose a view from the list").optional()),
  dealer: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .max(100)
      .regex(/^[a-z0-9-]+$/, "Choose a dealer from the list")
      .optional(),
  ),
  type: z.preprocess(blankAsAbsent, z.string().max(100).optional()),
  delivery: z.preprocess(blankAsAbsent, z.enum(DELIVERY_STATUSES, "Choose a delivery status from the list").optional()),
  work: z.preprocess(blankAsAbsent, z.enum(WORK_STATUSES, "Choose a work status from the list").optional()),
  /** The source of the lead's visit (core/attribution/visit.ts), or SOURCE_NOT_RECORDED. */
  source: z.preprocess(blankAsAbsent, z.string().max(200, "Choose a source from the list").optional()),
  from: z.preprocess(blankAsAbsent, isoDate.optional()),
  to: z.preprocess(blankAsAbsent, isoDate.optional()),
  page: z.preprocess(blankAsAbsent, z.coerce.number("Use a whole page number").int().min(1).max(100_000).default(1)),
});
export type InboxFilter = z.output<typeof inboxFilterSchema>;

/** The filter from a page's query string (the list and its CSV link share it). */
export function parseInboxFilter(params: URLSearchParams): Parsed<InboxFilter> {
  const parsed = inboxFilterSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return { ok: false, violations: violationsFromZod(parsed.error) };
  const { from, to } = parsed.data;
  if (from && to && from > to)
    return { ok: false, violations: [{ propertyPath: "to", message: "The end date is before the start date" }] };
  return { ok: true, value: parsed.data };
}

/** The leads received on a South African day (YYYY-MM-DD) that nobody has worked yet: still New. */
export function newLeadsOf(day: string): InboxFilter {
  return { work: "New", from: day, to: day, page: 1 };
}

/** The same filter as a query string, without the page (for the CSV link and the pager). */
export function filterQuery(filter: Partial<InboxFilter>, page?: number): string {
  const params = new URLSearchParams();
  for (const key of ["view", "dealer", "type", "delivery", "work", "source", "from", "to"] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  if (page && page > 1) params.set("page", String(page));
  return params.toString();
}
