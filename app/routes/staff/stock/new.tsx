import { appContext } from "../../../load-context.ts";
import { Link, redirect } from "react-router";
import { createStockVehicle, stockCatalogue, stockDealers } from "../../../../core/inventory/stock-admin.server.ts";
import { StockForm } from "../../../components/staff/stock-form.tsx";
import { staffForm } from "../../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import { refusedStockForm, stockFormValues } from "../../../lib/stock-form.server.ts";
import type { Route } from "./+types/new";

/** /staff/stock/new: add a vehicle; then its page, to add photos. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    const [dealers, catalogue] = await Promise.all([
      stockDealers(context.get(appContext).db, actor),
      stockCatalogue(context.get(appContext).db),
    ]);
    return { csrfToken, dealers: dealers.map(({ slug, name }) => ({ slug, name })), catalogue };
  } catch (error) {
    staffFailure(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const values = stockFormValues(form);
  try {
    const result = await createStockVehicle(context.get(appContext).db, actor, values);
    if (!result.ok) return refusedStockForm(values, result);
    return redirect(`/staff/stock/${result.id}?done=created`);
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `Add a vehicle${STAFF_TITLE_SUFFIX}` }];

export default function NewStockVehicle({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, dealers, catalogue } = loaderData;
  const defaults = { status: "Available", condition: "Used", dealer: dealers.length === 1 ? dealers[0]!.slug : "" };
  return (
    <>
      <p>
        <Link to="/staff/stock" className="text-brand-red underline">
          Used stock
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Add a vehicle</h1>
      <p className="mt-2">Photos are added on the vehicle's page once it is saved.</p>
      <StockForm
        csrfToken={csrfToken}
        values={actionData?.values ?? defaults}
        errors={actionData?.errors ?? {}}
        dealers={dealers}
        catalogue={catalogue}
        submitLabel="Add the vehicle"
      />
    </>
  );
}
