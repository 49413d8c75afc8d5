import { appContext } from "../../../load-context.ts";
import { Link } from "react-router";
import { PUBLIC_STATE_LABELS } from "../../../lib/content-fields.ts";
import { listStaffDeals } from "../../../../core/content/deals-admin.server.ts";
import { formatDateTime } from "../../../lib/staff-time.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import { ContentList } from "../../../components/staff/content-list.tsx";
import { buttonClass } from "../../../components/staff/form.tsx";
import type { Route } from "./+types/list";

/** /staff/specials: the specials and service deals the signed-in person may change, newest change first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  try {
    return { deals: await listStaffDeals(context.get(appContext).db, actor) };
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `Specials and deals${STAFF_TITLE_SUFFIX}` }];

export default function StaffSpecials({ loaderData }: Route.ComponentProps) {
  const { deals } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold">Specials and deals</h1>
      <p className="mt-2 max-w-2xl">
        A new special starts as a draft. Publish it and it is on the public site from its start until its end, by
        itself.
      </p>
      <p className="mt-4">
        <Link to="/staff/specials/new" className={buttonClass}>
          Add a special or deal
        </Link>
      </p>
      <ContentList
        label="Specials and deals"
        empty="There are no specials or deals yet."
        items={deals.map((deal) => ({
          id: deal.id,
          title: deal.title,
          href: `/staff/specials/${deal.id}`,
          details: `${deal.kind === "special" ? "Special" : "Service deal"} · ${deal.dealerName ?? "Group-wide"} · ${deal.startsAt ? `from ${formatDateTime(deal.startsAt)} ` : ""}until ${formatDateTime(deal.endsAt)}`,
          states: {
            status: deal.status === "published" ? "Published" : "Draft",
            publicState: PUBLIC_STATE_LABELS[deal.publicState],
          },
        }))}
      />
    </>
  );
}
