import { pageUrlOf } from "../../../framework/data-requests.ts";
import { appContext } from "../../../load-context.ts";
import { Link, redirect } from "react-router";
import {
  getStockVehicle,
  stockCatalogue,
  stockDealers,
  updateStockVehicle,
} from "../../../../core/inventory/stock-admin.server.ts";
import { isPublicStatus } from "../../../../core/inventory/used-vehicles.server.ts";
import { Notice } from "../../../components/staff/form.tsx";
import { StockForm } from "../../../components/staff/stock-form.tsx";
import { StockPhotos } from "../../../components/staff/stock-photos.tsx";
import { staffForm } from "../../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import { refusedStockForm, stockFormValues } from "../../../lib/stock-form.server.ts";
import type { Route } from "./+types/edit";

const NOTICES: Record<string, string> = {
  created: "Vehicle added. Add its photos below.",
  saved: "Changes saved. The public site shows them within a few seconds.",
  "photos-added": "Photos added.",
  "photo-moved": "Photo moved.",
  "photo-main": "Main photo chosen.",
  "photo-deleted": "Photo deleted.",
};

const vehicleId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : 0);

/** /staff/stock/{id}: a vehicle's fields and status, and its photos. Another dealer's vehicle is 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  const url = pageUrlOf(request);
  try {
    const [vehicle, dealers, catalogue] = await Promise.all([
      getStockVehicle(context.get(appContext).db, actor, vehicleId(params.id)),
      stockDealers(context.get(appContext).db, actor),
      stockCatalogue(context.get(appContext).db),
    ]);
    return {
      csrfToken,
      vehicle: { ...vehicle, isPublic: isPublicStatus(vehicle.status), version: vehicle.updatedAt.getTime() },
      dealers: dealers.map(({ slug, name }) => ({ slug, name })),
      catalogue,
      notice: NOTICES[url.searchParams.get("done") ?? ""] ?? null,
      photoError: url.searchParams.get("photoError")?.slice(0, 300) ?? null,
    };
  } catch (error) {
    staffFailure(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const values = stockFormValues(form);
  try {
    const result = await updateStockVehicle(context.get(appContext).db, actor, vehicleId(params.id), values);
    if (!result.ok) return refusedStockForm(values, result);
    return redirect(`/staff/stock/${result.id}?done=saved`);
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  {
    title: `${loaderData ? `${loaderData.vehicle.values.year} ${loaderData.vehicle.values.make} ${loaderData.vehicle.values.model}` : "Vehicle"}${STAFF_TITLE_SUFFIX}`,
  },
];

export default function EditStockVehicle({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, vehicle, dealers, catalogue, notice, photoError } = loaderData;
  const title = `${vehicle.values.year} ${vehicle.values.make} ${vehicle.values.model} ${vehicle.values.variant}`;
  return (
    <>
      <p>
        <Link to="/staff/stock" className="text-brand-red underline">
          Used stock
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <p className="mt-2">
        Status: <strong>{vehicle.status}</strong>.{" "}
        {vehicle.isPublic ? (
          <a href={vehicle.publicPath} className="text-brand-red underline">
            See it on the public site
          </a>
        ) : (
          "Not on the public site."
        )}
      </p>
      <div className="mt-4">
        <Notice>{notice}</Notice>
      </div>
      <h2 className="mt-8 text-2xl font-bold">Vehicle details</h2>
      <StockForm
        key={vehicle.version}
        csrfToken={csrfToken}
        values={actionData?.values ?? vehicle.values}
        errors={actionData?.errors ?? {}}
        dealers={dealers}
        catalogue={catalogue}
        submitLabel="Save changes"
      />
      <StockPhotos
        vehicleId={vehicle.id}
        title={title}
        photos={vehicle.photos}
        csrfToken={csrfToken}
        error={photoError}
      />
    </>
  );
}
