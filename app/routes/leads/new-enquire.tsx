import { data } from "react-router";
import { findRangeModel } from "../../../core/catalogue/ranges.ts";
import { EnquiryForm } from "../../components/enquiry-form.tsx";
import { submitOrExplain } from "../../lib/enquiry.ts";
import { dealerChoices, enquiryAction, type EnquiryFormSetup, formToken } from "../../lib/enquiry.server.ts";
import { formatRand } from "../../lib/format.ts";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import type { Route } from "./+types/new-enquire";

/** The car and variant of the path, and who may receive the lead; unknown ones are a 404. */
async function setupFor({ context, request, params }: Route.LoaderArgs | Route.ActionArgs) {
  const scope = await resolveDealerScope(context.db, request, params);
  const model = await findRangeModel(context.db, params.make, params.model, "car");
  const variant = model?.variants.find((v) => v.variant_slug === params.variant);
  if (!model || !variant || (scope.inRoute && scope.dealer?.is_wing)) throw data(null, { status: 404 });
  const dealerInPath = scope.inRoute ? scope.dealer : null;
  const setup: EnquiryFormSetup = {
    preset: "new",
    fixed: { make: model.make, model: model.model, variant: variant.variant, ...(dealerInPath ? { dealer_slug: dealerInPath.slug } : {}) },
    dealers: dealerInPath ? null : await dealerChoices(context.db, "new"),
    selectedDealer: scope.dealer?.slug ?? null,
  };
  return { setup, model, variant, dealerInPath };
}

export async function loader(args: Route.LoaderArgs) {
  const { setup, model, variant, dealerInPath } = await setupFor(args);
  return {
    dealers: setup.dealers,
    selectedDealer: setup.selectedDealer,
    token: formToken(),
    dealerName: dealerInPath?.dealerName ?? null,
    vehicle: { make: model.make, model: model.model, variant: variant.variant, price: variant.modelPrice, image: variant.color[0]?.image ?? model.mainImage },
  };
}

export async function action(args: Route.ActionArgs) {
  const { setup } = await setupFor(args);
  return enquiryAction(args.request, args.context, setup);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => submitOrExplain(serverAction);

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [{ title: "Page not found | Honda Dealer Group" }];
  const name = `${page.vehicle.make} ${page.vehicle.model} ${page.vehicle.variant}`;
  return [
    { title: `Enquire about the ${name} | Honda Dealer Group` },
    { name: "description", content: `Ask a Honda dealer about the new ${name}: price, stock, trade-in and finance. We reply within one working day.` },
  ];
}

export default function NewVehicleEnquiry({ loaderData }: Route.ComponentProps) {
  const { vehicle } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">
        Enquire about the {vehicle.make} {vehicle.model}
      </h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[2fr_3fr]">
        <div>
          <img src={vehicle.image} alt={`${vehicle.make} ${vehicle.model}`} width={640} height={400} className="h-auto w-full rounded-lg bg-gray-100" />
          <p className="mt-4 text-xl font-semibold">{vehicle.variant}</p>
          <p className="text-brand-grey-light">From {formatRand(vehicle.price)}</p>
          {loaderData.dealerName ? <p className="mt-2">Your enquiry goes to {loaderData.dealerName}.</p> : null}
        </div>
        <EnquiryForm
          heading="Send us your details"
          intro={<p>A sales consultant will contact you about price, availability, trade-in and finance.</p>}
          token={loaderData.token}
          dealers={loaderData.dealers}
          selectedDealer={loaderData.selectedDealer}
        />
      </div>
    </div>
  );
}
