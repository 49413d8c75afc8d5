import { pageUrlOf } from "../../../framework/data-requests.ts";
import { appContext } from "../../../load-context.ts";
import { insightsCsv } from "../../../../core/insights/insights.server.ts";
import { INSIGHTS_TABLES, type InsightsTable, parseInsightsQuery } from "../../../../core/insights/insights-query.ts";
import { southAfricanDay } from "../../../../core/shared/days.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/export";

const badRequest = (text: string) =>
  new Response(text, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** One of the insights page's tables as a CSV download (`table`, and the page's own query string). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  const params = pageUrlOf(request).searchParams;
  const table = params.get("table") as InsightsTable;
  if (!INSIGHTS_TABLES.includes(table)) return badRequest(`table: choose one of ${INSIGHTS_TABLES.join(", ")}`);
  params.delete("table");
  const parsed = parseInsightsQuery(params, southAfricanDay(new Date()));
  if (!parsed.ok) return badRequest(parsed.violations.map((v) => `${v.propertyPath}: ${v.message}`).join("\n"));
  try {
    const csv = await insightsCsv(context.get(appContext).db, actor, parsed.value, table);
    const name = `insights-${table}-${parsed.value.from}-to-${parsed.value.to}${parsed.value.dealer ? `-${parsed.value.dealer}` : ""}.csv`;
    return new Response(`\uFEFF${csv}`, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    staffFailure(error);
  }
}
