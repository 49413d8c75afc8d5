import { pageUrlOf } from "../../../framework/data-requests.ts";
import { data } from "react-router";
import { addCampaignSpend, removeCampaignSpend } from "../../../../core/insights/campaign-spend.server.ts";
import { insightsScope, readInsights } from "../../../../core/insights/insights.server.ts";
import { parseInsightsQuery } from "../../../../core/insights/insights-query.ts";
import { heldInPeriod } from "../../../../core/leads/held.server.ts";
import { southAfricanDay } from "../../../../core/shared/days.ts";
import type { Violation } from "../../../../core/shared/violations.ts";
import type { Database } from "../../../../db/client.ts";
import { errorsByField } from "../../../components/staff/form.tsx";
import { readFormBody } from "../../../lib/form-body.server.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";

/** The insights page's report for the period and dealer its query names, or the query's refusals (400). */
export async function loadInsights(request: Request, db: Database) {
  const { actor, csrfToken } = await requireStaff(request);
  const parsed = parseInsightsQuery(pageUrlOf(request).searchParams, southAfricanDay(new Date()));
  try {
    if (!parsed.ok) {
      const scope = await insightsScope(db, actor);
      return data({ csrfToken, choices: scope.choices, violations: parsed.violations, report: null }, { status: 400 });
    }
    const report = await readInsights(db, actor, parsed.value);
    const held = await heldInPeriod(db, report.scope.dealerIds, parsed.value);
    const asked = pageUrlOf(request).searchParams;
    // A link within a folded table names its table's parameters, so the table it shows is unfolded on a phone.
    const unfold = {
      sources: asked.has("sources"),
      stock: ["stock", "sort", "dir"].some((name) => asked.has(name)),
    };
    return { csrfToken, choices: report.scope.choices, violations: [] as Violation[], report, held, unfold };
  } catch (error) {
    staffFailure(error);
  }
}

export type InsightsActionResult =
  | { done: string; errors?: undefined; values?: undefined }
  | { done?: undefined; errors: Record<string, string>; values: Record<string, string> };

/** The page's two writes: a campaign's spend added (422 with its refusals), or a spend entry removed. */
export async function changeSpend(request: Request, db: Database) {
  await requireStaff(request);
  const body = await readFormBody(request);
  if (!body.ok) throw data(body.message, { status: body.status });
  const actor = await assertStaffWrite(request, body.form);
  try {
    switch (body.form.get("intent")) {
      case "add-spend": {
        const fields = Object.fromEntries(
          [...body.form].filter(
            (entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "csrf",
          ),
        );
        const result = await addCampaignSpend(db, actor, fields);
        if (!result.ok)
          return data<InsightsActionResult>(
            { errors: errorsByField(result.violations), values: fields },
            { status: 422 },
          );
        return { done: "The spend is saved: the cost per lead below includes it." } satisfies InsightsActionResult;
      }
      case "remove-spend":
        await removeCampaignSpend(db, actor, Number(body.form.get("id")));
        return { done: "The spend entry is removed." } satisfies InsightsActionResult;
      default:
        throw data("Unknown action", { status: 400 });
    }
  } catch (error) {
    return staffFailure(error);
  }
}
