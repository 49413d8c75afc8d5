import { Link } from "react-router";
import { PUBLIC_STATE_LABELS } from "../../../lib/content-fields.ts";
import { listStaffDeals } from "../../../../core/content/deals-admin.server.ts";
import { formatDateTime } from "../../../lib/staff-time.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import { buttonClass } from "../../../components/staff/form.tsx";
import type { Route } from "./+types/list";

/** /staff/specials: the specials and service deals the signed-in person may change, newest change first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  try {
    return { deals: await listStaffDeals(context.db, actor) };
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
      {deals.length > 0 ? (
        <ul className="mt-6 divide-y divide-gray-300 border-y border-gray-300" aria-label="Specials and deals">
          {deals.map((deal) => (
            <li key={deal.id} className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 py-3">
              <div>
                <Link to={`/staff/specials/${deal.id}`} className="font-semibold text-brand-red underline">
                  {deal.title}
                </Link>
                <p className="text-sm">
                  {deal.kind === "special" ? "Special" : "Service deal"} · {deal.dealerName ?? "Group-wide"} ·{" "}
                  {deal.startsAt ? `from ${formatDateTime(deal.startsAt)} ` : ""}until {formatDateTime(deal.endsAt)}
                </p>
              </div>
              <p className="flex items-baseline gap-3 text-sm font-semibold">
                <span className="rounded border border-gray-600 px-2">
                  {deal.status === "published" ? "Published" : "Draft"}
                </span>
                <span>{PUBLIC_STATE_LABELS[deal.publicState]}</span>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6">There are no specials or deals yet.</p>
      )}
    </>
  );
}
