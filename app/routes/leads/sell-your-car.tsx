import { pageUrlOf } from "../../framework/data-requests.ts";
import { appContext } from "../../load-context.ts";
import { GROUP_NAME } from "../../../core/dealers/group.ts";
import { MAX_IMAGE_BYTES } from "../../../core/media/image-pipeline.server.ts";
import { formatRand } from "../../../core/shared/format.ts";
import { EnquiryForm } from "../../components/enquiry-form.tsx";
import { enquiryHeaders, submitOrExplain } from "../../lib/enquiry.ts";
import { dealerChoices, enquiryAction, type EnquiryFormSetup, formToken } from "../../lib/enquiry.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import { MAX_SELLER_PHOTOS } from "../../../core/leads/seller-photos.server.ts";
import type { Route } from "./+types/sell-your-car";

/**
 * Who receives the offer: the dealer of the path; else, when the seller came from a used car's page
 * (?vehicle=id), that car's dealer (the car is traded in towards it); else the dealer the seller chooses.
 */
async function setupFor({ context, request, params }: Route.LoaderArgs | Route.ActionArgs) {
  const scope = await resolveDealerScope(context.get(appContext).readModels, request, params);
  const vehicleParam = pageUrlOf(request).searchParams.get("vehicle");
  const towards =
    vehicleParam && /^\d{1,9}$/.test(vehicleParam)
      ? await context.get(appContext).usedStock.vehicle(Number(vehicleParam))
      : null;
  const dealerInPath = scope.inRoute ? scope.dealer : null;
  const usable = towards && (!dealerInPath || towards.dealer_slug === dealerInPath.slug) ? towards : null;
  const fixedDealer = dealerInPath?.slug ?? usable?.dealer_slug;
  const setup: EnquiryFormSetup = {
    preset: "sellCar",
    fixed: {
      ...(fixedDealer ? { dealer_slug: fixedDealer } : {}),
      ...(usable ? { towards_vehicle_id: String(usable.id) } : {}),
    },
    dealers: fixedDealer ? null : await dealerChoices(context.get(appContext).readModels, "sellCar"),
    selectedDealer: scope.dealer?.slug ?? null,
  };
  const dealerName = dealerInPath?.dealerName ?? usable?.dealer_name ?? null;
  return { setup, towards: usable, dealerName };
}

export async function loader(args: Route.LoaderArgs) {
  const { setup, towards, dealerName } = await setupFor(args);
  return {
    dealers: setup.dealers,
    selectedDealer: setup.selectedDealer,
    token: formToken(),
    dealerName,
    photoLimits: { maxPhotos: MAX_SELLER_PHOTOS, maxPhotoMb: MAX_IMAGE_BYTES / 1024 / 1024 },
    towards: towards
      ? {
          label: `${towards.year} ${towards.make} ${towards.model} ${towards.variant}, ${formatRand(towards.price)}`,
          href: towards.uri,
        }
      : null,
  };
}

export const headers = enquiryHeaders;

export async function action(args: Route.ActionArgs) {
  const { setup } = await setupFor(args);
  return enquiryAction(args.request, args.context.get(appContext), setup);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => submitOrExplain(serverAction);

export function meta(args: Route.MetaArgs) {
  const dealerName = args.loaderData?.dealerName;
  if (!args.loaderData) return [{ title: "Page not found" }];
  return pageMeta(args, {
    title: `Sell or trade in your car${dealerName ? ` to ${dealerName}` : ""} | Honda Dealer Group`,
    description:
      "Offer us your car in a few minutes: its details and a few photos. A hassle-free inspection, then a top rand offer and a fast sale.",
  });
}

const STEPS = [
  { title: "Quick details", text: "The make, model, year, mileage and a few photos: a couple of minutes." },
  { title: "Hassle-free inspection", text: "Bring it in, or we come to you; no obligation." },
  { title: "Top rand, fast sale", text: "Accept our offer and we settle your finance and pay you quickly." },
];

/** The sell-your-car (or trade-in) form, at /sell-your-car and /dealer/{name}/sell-your-car. */
export default function SellYourCar({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Sell or trade in your car</h1>
      <p className="mt-3 max-w-3xl text-lg">
        {loaderData.dealerName ?? GROUP_NAME} buys good used cars, whether you are buying from us or not. Tell us about
        yours and we will come back to you with an offer.
      </p>
      <ol className="mt-6 grid gap-4 sm:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-lg border border-gray-200 p-4">
            <p className="font-bold">
              {index + 1}. {step.title}
            </p>
            <p className="mt-1 text-brand-grey-light">{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-10 max-w-3xl">
        <EnquiryForm
          heading="Your car and your details"
          token={loaderData.token}
          dealers={loaderData.dealers}
          selectedDealer={loaderData.selectedDealer}
          askMakeModel
          askTradeIn={{ towards: loaderData.towards, ...loaderData.photoLimits }}
          messageLabel="Anything else we should know (service history, extras, damage)"
        />
      </div>
    </div>
  );
}
