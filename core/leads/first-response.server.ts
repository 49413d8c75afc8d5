import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { scopeCondition } from "./inbox.server.ts";
import { assertMayUse, type StaffActor } from "../staff/roles.ts";

/** One dealer's leads of one week (Monday to Sunday, South African time) and how fast they were first answered. */
export type FirstResponseWeek = {
  dealerName: string;
  dealerSlug: string;
  /** The Monday the week starts on, YYYY-MM-DD. */
  weekStart: string;
  leads: number;
  /** Leads whose work status has been changed at least once. */
  responded: number;
  /** Minutes from the lead's arrival to its first status change; null when none was answered. */
  medianMinutes: number | null;
  averageMinutes: number | null;
};

export const REPORT_WEEKS = 8;

/**
 * First response time (lead to its first work-status change) per dealer and per week, over the last `weeks`
 * weeks, for the dealers whose leads the actor may see. Weeks without leads are left out.
 */
export async function firstResponseReport(
  db: Database,
  actor: StaffActor,
  options: { weeks?: number; now?: Date } = {},
): Promise<FirstResponseWeek[]> {
  assertMayUse(actor, "leads");
  const weeks = options.weeks ?? REPORT_WEEKS;
  const since = new Date((options.now ?? new Date()).getTime() - weeks * 7 * 24 * 60 * 60 * 1000);
  // SAST is UTC+2 all year (no daylight saving), so a fixed offset gives South African weeks.
  const result = await db.execute(sql`
    select d.dealer_name, d.slug,
      to_char(date_trunc('week', (l.created_at at time zone 'UTC') + interval '2 hours'), 'YYYY-MM-DD') as week_start,
      count(*) as leads,
      count(w.first_response_at) as responded,
      percentile_cont(0.5) within group (order by extract(epoch from (w.first_response_at - l.created_at))) / 60 as median_minutes,
      avg(extract(epoch from (w.first_response_at - l.created_at))) / 60 as average_minutes
    from (
      select id, dealer_id, created_at from enquiries where ${scopeCondition(actor, "leads")} and held_reason is null
      union all
      select id, dealer_id, created_at from finance_applications where ${scopeCondition(actor, "finance-applications")} and ${scopeCondition(actor, "leads")}
    ) l
    join dealers d on d.id = l.dealer_id
    left join lead_work_status w on w.lead_id = l.id
    where l.created_at >= ${since.toISOString()}::timestamptz
    group by d.dealer_name, d.slug, week_start
    order by d.dealer_name, week_start`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    dealerName: String(row.dealer_name),
    dealerSlug: String(row.slug),
    weekStart: String(row.week_start),
    leads: Number(row.leads),
    responded: Number(row.responded),
    medianMinutes: minutes(row.median_minutes),
    averageMinutes: minutes(row.average_minutes),
  }));
}

function minutes(value: unknown): number | null {
  return value === null || value === undefined ? null : Math.round(Number(value));
}
