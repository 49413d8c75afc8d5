import { appContext } from "../../load-context.ts";
import { data } from "react-router";
import { EnquiryForm } from "../../components/enquiry-form.tsx";
import { enquiryHeaders, submitOrExplain } from "../../lib/enquiry.ts";
import { dealerChoices, enquiryAction, type EnquiryFormSetup, formToken } from "../../lib/enquiry.server.ts";
import { resolveDealerScope, testDriveModel } from "../../lib/scope.server.ts";
import { appointmentChoice } from "../../lib/appointment.server.ts";
import type { Route } from "./+types/test-drive";
import { pageMeta, pageTitle } from "../../lib/meta.ts";

/** The model of the path; cars are test-driven at car dealers, motorcycles ridden at Honda Wing dealers. */
async function setupFor({ context, request, params }: Route.LoaderArgs | Route.ActionArgs) {
  const scope = await resolveDealerScope(context.get(appContext).readModels, request, params);
  const model = await testDriveModel(context.get(appContext).readModels, scope, params.make, params.model);
  if (!model) throw data(null, { status: 404 });
  const dealerInPath = scope.inRoute ? scope.dealer : null;
  const setup: EnquiryFormSetup = {
    preset: "testDrive",
    fixed: { make: model.make, model: model.model, ...(dealerInPath ? { dealer_slug: dealerInPath.slug } : {}) },
    dealers: dealerInPath ? null : await dealerChoices(context.get(appContext).readModels, "testDrive", model.type),
    selectedDealer: scope.dealer?.slug ?? null,
  };
  return { setup, model, dealerInPath };
}

export async function loader(args: Route.LoaderArgs) {
  const { setup, model, dealerInPath } = await setupFor(args);
  const dealerSlug =
    setup.fixed.dealer_slug ??
    (setup.dealers?.some((d) => d.slug === setup.selectedDealer) ? setup.selectedDealer : null);
  return {
    dealers: setup.dealers,
    selectedDealer: setup.selectedDealer,
    appointment: await appointmentChoice(args.context.get(appContext).db, "test-drive", dealerSlug, null),
    token: formToken(),
    dealerName: dealerInPath?.dealerName ?? null,
    vehicle: {
      make: model.make,
      model: model.model,
      type: model.type,
      image: model.color[0]?.image ?? model.mainImage,
    },
  };
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
  const name = `${page.vehicle.make} ${page.vehicle.model}`;
  const drive = page.vehicle.type === "motorcycle" ? "test ride" : "test drive";
  return pageMeta(args, {
    title: `Book a ${drive}: ${name} | Honda Dealer Group`,
    description: `Book a ${drive} of the ${name} at a Honda dealer near you.`,
  });
}

export default function TestDrive({ loaderData }: Route.ComponentProps) {
  const { vehicle } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">
        Book a test drive: {vehicle.make} {vehicle.model}
      </h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[2fr_3fr]">
        <div>
          <img
            src={vehicle.image}
            alt={`${vehicle.make} ${vehicle.model}`}
            width={640}
            height={400}
            className="h-auto w-full rounded-lg bg-gray-100"
          />
          <p className="mt-4">
            Pick a free time{loaderData.dealerName ? ` at ${loaderData.dealerName}` : ""} and it is yours: we e-mail you
            a confirmation to add to your calendar, with a link to move or cancel it. Bring your driver&apos;s licence.
          </p>
        </div>
        <EnquiryForm
          heading="Your details"
          token={loaderData.token}
          dealers={loaderData.dealers}
          selectedDealer={loaderData.selectedDealer}
          appointment={loaderData.appointment}
          messageLabel="Anything the consultant should know"
        />
      </div>
    </div>
  );
}
