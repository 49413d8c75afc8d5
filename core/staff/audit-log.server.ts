import { and, count, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import { z } from "../shared/zod.ts";
import type { Database } from "../../db/client.ts";
import { auditLog, dealers } from "../../db/schema.ts";
import { type Parsed, violationsFromZod } from "../shared/violations.ts";
import type { FieldChanges } from "./audit.server.ts";
import { assertMay, type StaffActor } from "./roles.ts";

/** Reading the audit log (group administrators only): newest first, filtered, a page at a time. */
const AUDIT_PAGE_SIZE = 50;

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Enter a real date")
  .optional()
  .or(z.literal("").transform(() => undefined));

const auditFilterSchema = z
  .object({
    actor: z.string().trim().max(200, "Use at most 200 characters").optional(),
    entity: z.string().trim().max(100, "Use at most 100 characters").optional(),
    dealerId: z
      .string()
      .trim()
      .regex(/^\d*$/, "Choose a dealer from the list")
      .transform((value) => (value === "" ? undefined : Number(value)))
      .optional(),
    from: isoDate,
    to: isoDate,
    page: z
      .string()
      .trim()
      .regex(/^\d*$/, "page must be a whole number")
      .transform((value) => (value === "" ? 1 : Math.max(1, Math.min(Number(value), 100_000))))
      .optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    path: ["to"],
    message: "The end date is before the start date",
  });

export type AuditFilter = z.infer<typeof auditFilterSchema>;

export type AuditEntryView = {
  id: number;
  at: Date;
  actorLabel: string;
  action: string;
  entity: string;
  entityId: string;
  dealerName: string | null;
  changes: FieldChanges;
};

export function parseAuditFilter(query: URLSearchParams): Parsed<AuditFilter> {
  const raw = Object.fromEntries(
    ["actor", "entity", "dealerId", "from", "to", "page"].flatMap((key) =>
      query.has(key) ? [[key, query.get(key)!]] : [],
    ),
  );
  const parsed = auditFilterSchema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, violations: violationsFromZod(parsed.error) };
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export async function listAuditEntries(
  db: Database,
  actor: StaffActor,
  filter: AuditFilter,
): Promise<{ entries: AuditEntryView[]; total: number; page: number; pages: number }> {
  assertMay(actor, "audit-log", null);
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(ilike(auditLog.actorLabel, likeText(filter.actor)));
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.dealerId !== undefined) conditions.push(eq(auditLog.dealerId, filter.dealerId));
  if (filter.from) conditions.push(gte(auditLog.at, new Date(`${filter.from}T00:00:00+02:00`)));
  if (filter.to)
    conditions.push(lt(auditLog.at, new Date(new Date(`${filter.to}T00:00:00+02:00`).getTime() + 86_400_000)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [counted] = await db.select({ n: count() }).from(auditLog).where(where);
  const total = Number(counted?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(filter.page ?? 1, pages);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorLabel: auditLog.actorLabel,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      dealerName: dealers.dealerName,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .leftJoin(dealers, eq(dealers.id, auditLog.dealerId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { entries: rows.map((row) => ({ ...row, changes: (row.changes ?? {}) as FieldChanges })), total, page, pages };
}

/** The kinds of record the log holds, for the filter's list. */
export async function auditedEntities(db: Database, actor: StaffActor): Promise<string[]> {
  assertMay(actor, "audit-log", null);
  const rows = await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity);
  return rows.map((row) => row.entity);
}
