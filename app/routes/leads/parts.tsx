import { appContext } from "../../load-context.ts";
import { EnquiryForm } from "../../components/enquiry-form.tsx";
import { enquiryHeaders, submitOrExplain } from "../../lib/enquiry.ts";
import { dealerChoices, enquiryAction, type EnquiryFormSetup, formToken } from "../../lib/enquiry.server.ts";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import type { Route } from "./+types/parts";
import { pageMeta } from "../../lib/meta.ts";

async function setupFor({ context, request, params }: Route.LoaderArgs | Route.ActionArgs) {
  const scope = await resolveDealerScope(context.get(appContext).readModels, request, params);
  const dealerInPath = scope.inRoute ? scope.dealer : null;
  const setup: EnquiryFormSetup = {
    preset: "parts",
    fixed: dealerInPath ? { dealer_slug: dealerInPath.slug } : {},
    dealers: dealerInPath ? null : await dealerChoices(context.get(appContext).readModels, "parts"),
    selectedDealer: scope.dealer?.slug ?? null,
  };
  return { setup, dealerName: dealerInPath?.dealerName ?? null };
}

export async function loader(args: Route.LoaderArgs) {
  const { setup, dealerName } = await setupFor(args);
  return { dealers: setup.dealers, selectedDealer: setup.selectedDealer, token: formToken(), dealerName };
}

export const headers = enquiryHeaders;

export async function action(args: Route.ActionArgs) {
  const { setup } = await setupFor(args);
  return enquiryAction(args.request, args.context.get(appContext), setup);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => submitOrExplain(serverAction);

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Genuine Honda Parts | Honda Dealer Group",
    description: "Order genuine Honda parts and accessories for your car or motorcycle from a Honda dealer near you.",
  });
}

export default function Parts({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Genuine Parts Available</h1>
      <p className="mt-3 text-lg">
        Genuine Honda parts are made for your vehicle, fit first time and keep your warranty intact. Tell us what you
        need
        {loaderData.dealerName ? ` and ${loaderData.dealerName}` : " and our parts team"} will confirm price and
        availability.
      </p>
      <div className="mt-8">
        <EnquiryForm
          heading="Parts enquiry"
          token={loaderData.token}
          dealers={loaderData.dealers}
          selectedDealer={loaderData.selectedDealer}
          askMakeModel
          askPart
          messageLabel="Which parts do you need?"
        />
      </div>
    </div>
  );
}
