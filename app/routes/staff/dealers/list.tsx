import { appContext } from "../../../load-context.ts";
import { Link } from "react-router";
import { listStaffDealers } from "../../../../core/dealers/dealer-admin.server.ts";
import { mayUse } from "../../../../core/staff/roles.ts";
import { buttonClass } from "../../../components/staff/form.tsx";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/list";

/** /staff/dealers: the dealers the signed-in person may edit (all of them for a group administrator). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  try {
    return { dealers: await listStaffDealers(context.get(appContext).db, actor), mayCreate: mayUse(actor, "dealers") };
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `Dealers${STAFF_TITLE_SUFFIX}` }];

export default function StaffDealerList({ loaderData }: Route.ComponentProps) {
  const { dealers, mayCreate } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Dealers</h1>
        {mayCreate ? (
          <Link to="/staff/dealers/new" className={buttonClass}>
            Add a dealer
          </Link>
        ) : null}
      </div>
      <ul className="mt-6 divide-y divide-gray-300 border-y border-gray-300">
        {dealers.map((dealer) => (
          <li key={dealer.id} className="py-3">
            <Link to={`/staff/dealers/${dealer.slug}`} className="font-semibold text-brand-red underline">
              {dealer.dealerName}
            </Link>{" "}
            <span className="text-brand-grey-light">{dealer.city}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
