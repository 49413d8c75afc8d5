import { pageUrlOf } from "../../../framework/data-requests.ts";
import { appContext } from "../../../load-context.ts";
import { exportInboxCsv, parseInboxFilter } from "../../../../core/leads/inbox.server.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/export";

/** The inbox's filtered list as a CSV download (same query string as /staff/leads). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  const parsed = parseInboxFilter(pageUrlOf(request).searchParams);
  if (!parsed.ok) {
    return new Response(parsed.violations.map((v) => `${v.propertyPath}: ${v.message}`).join("\n"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  try {
    const csv = await exportInboxCsv(context.get(appContext).db, actor, parsed.value);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(`\uFEFF${csv}`, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
      },
    });
  } catch (error) {
    staffFailure(error);
  }
}
