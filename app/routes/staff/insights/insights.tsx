import { appContext } from "../../../load-context.ts";
import { Link } from "react-router";
import type { InsightsQuery } from "../../../../core/insights/insights-query.ts";
import { Notice } from "../../../components/staff/form.tsx";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import type { Route } from "./+types/insights";
import { AtAGlance, HeldFigure } from "./at-a-glance.tsx";
import { FunnelSection } from "./funnel-section.tsx";
import { linkClass } from "./insights-common.tsx";
import { changeSpend, type InsightsActionResult, loadInsights } from "./insights.server.ts";
import { PeriodForm } from "./period-form.tsx";
import { SourcesSection } from "./sources-section.tsx";
import { SpendSection } from "./spend-section.tsx";
import { StockSection } from "./stock-section.tsx";

/**
 * /staff/insights (decision 057): where the leads come from and what they cost, the funnel per dealer and the
 * ageing stock, for a chosen period. Group administrators see the group or one dealer; dealer managers their own
 * dealers (core/insights/insights.server.ts scopes every query). Every table has a CSV download. On a phone the page is
 * its figures and charts first; each long table is folded under them, with the columns a phone has room for and
 * the rest of each row's figures on a line of its own.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadInsights(request, context.get(appContext).db);
}

export async function action({ request, context }: Route.ActionArgs) {
  return changeSpend(request, context.get(appContext).db);
}

export const meta = () => [{ title: `Insights${STAFF_TITLE_SUFFIX}` }];

export default function Insights({ loaderData, actionData }: Route.ComponentProps) {
  const { report, choices, violations, csrfToken } = loaderData;
  const held = "held" in loaderData ? loaderData.held : 0;
  const unfold = "unfold" in loaderData ? loaderData.unfold : { sources: false, stock: false };
  const result = actionData as InsightsActionResult | undefined;
  const query: Partial<InsightsQuery> = report?.query ?? {};
  return (
    <>
      <h1 className="text-3xl font-bold">Insights</h1>
      <p className="mt-2 max-w-prose">
        Where visits and leads come from and what they cost, how each dealer's vehicle views become sales, and which
        stock is ageing. Counted by the site itself, per day and per source of the visit: no third-party script, nothing
        that identifies a visitor. Crawlers and signed-in staff are not counted; counts reach this page within a minute
        or so.
      </p>
      <p className="mt-2">
        <Link to="/staff/leads/report" className={linkClass}>
          First response times
        </Link>{" "}
        per dealer and week.
      </p>
      <PeriodForm query={query} choices={choices} violations={violations} />
      <div className="mt-4">
        <Notice>{result?.done}</Notice>
      </div>
      {report ? (
        <>
          <AtAGlance report={report} held={held} />
          <SourcesSection report={report} unfolded={unfold.sources} />
          <HeldFigure held={held} />
          <SpendSection report={report} csrfToken={csrfToken} errors={result?.errors} values={result?.values} />
          <FunnelSection report={report} />
          <StockSection report={report} unfolded={unfold.stock} />
        </>
      ) : null}
    </>
  );
}
