import { appContext } from "../../load-context.ts";
import { data } from "react-router";
import { isPublicStatus } from "../../../core/inventory/used-vehicles.server.ts";
import { EnquiryForm } from "../../components/enquiry-form.tsx";
import { enquiryHeaders, submitOrExplain } from "../../lib/enquiry.ts";
import { enquiryAction, type EnquiryFormSetup, formToken } from "../../lib/enquiry.server.ts";
import { formatKm, formatRand } from "../../../core/shared/format.ts";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import type { Route } from "./+types/used-enquire";
import { pageMeta, pageTitle } from "../../lib/meta.ts";

/** The vehicle of the path (its make and model must match); the lead goes to the dealer that has it. */
async function setupFor({ context, request, params }: Route.LoaderArgs | Route.ActionArgs) {
  await resolveDealerScope(context.get(appContext).readModels, request, params);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  const vehicle = id === null ? null : await context.get(appContext).usedStock.vehicle(id);
  if (
    !vehicle ||
    vehicle.make_slug !== params.make ||
    vehicle.model_slug !== params.model ||
    !isPublicStatus(vehicle.status)
  ) {
    throw data(null, { status: 404 });
  }
  const setup: EnquiryFormSetup = {
    preset: "used",
    fixed: {
      make: vehicle.make,
      model: vehicle.model,
      variant: vehicle.variant,
      vehicle_id: String(vehicle.id),
      dealer_slug: vehicle.dealer_slug,
    },
    dealers: null,
    selectedDealer: vehicle.dealer_slug,
  };
  return { setup, vehicle };
}

export async function loader(args: Route.LoaderArgs) {
  const { vehicle } = await setupFor(args);
  return { token: formToken(), vehicle };
}

export const headers = enquiryHeaders;

export async function action(args: Route.ActionArgs) {
  const { setup } = await setupFor(args);
  return enquiryAction(args.request, args.context.get(appContext), setup);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => submitOrExplain(serverAction);

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [{ title: pageTitle("Page not found") }, { name: "robots", content: "noindex" }];
  const v = page.vehicle;
  return pageMeta(args, {
    title: `Enquire about the ${v.year} ${v.make} ${v.model} | Honda Dealer Group`,
    description: `Ask ${v.dealer_name} about this ${v.state_of_vehicle.toLowerCase()} ${v.year} ${v.make} ${v.model} ${v.variant}.`,
  });
}

export default function UsedVehicleEnquiry({ loaderData }: Route.ComponentProps) {
  const { vehicle } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">
        Enquire about the {vehicle.year} {vehicle.make} {vehicle.model}
      </h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[2fr_3fr]">
        <div>
          {vehicle.image.uri ? (
            <img
              src={vehicle.image.uri}
              alt={`${vehicle.year} ${vehicle.make} ${vehicle.model}`}
              width={640}
              height={400}
              className="h-auto w-full rounded-lg bg-gray-100"
            />
          ) : null}
          <p className="mt-4 text-xl font-semibold">{vehicle.variant}</p>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1">
            <dt className="text-brand-grey-light">Price</dt>
            <dd className="font-semibold">{formatRand(vehicle.price)}</dd>
            <dt className="text-brand-grey-light">Mileage</dt>
            <dd>{formatKm(vehicle.mileage.value)}</dd>
            <dt className="text-brand-grey-light">Condition</dt>
            <dd>{vehicle.state_of_vehicle}</dd>
            <dt className="text-brand-grey-light">Dealer</dt>
            <dd>{vehicle.dealer_name}</dd>
          </dl>
        </div>
        <EnquiryForm
          heading="Send us your details"
          intro={<p>{vehicle.dealer_name} has this vehicle and will contact you about it.</p>}
          token={loaderData.token}
          dealers={null}
        />
      </div>
    </div>
  );
}
