import { EnquiryForm } from "../../components/enquiry-form.tsx";
import { enquiryHeaders, submitOrExplain } from "../../lib/enquiry.ts";
import { newVehicleEnquiryAction, newVehicleEnquiryPage } from "../../lib/enquiry.server.ts";
import { formatRand } from "../../../core/shared/format.ts";
import type { Route } from "./+types/new-enquire";
import { pageMeta, pageTitle } from "../../lib/meta.ts";

export const loader = (args: Route.LoaderArgs) => newVehicleEnquiryPage(args, "car");

export const headers = enquiryHeaders;
export const action = (args: Route.ActionArgs) => newVehicleEnquiryAction(args, "car");

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => submitOrExplain(serverAction);

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [{ title: pageTitle("Page not found") }, { name: "robots", content: "noindex" }];
  const name = `${page.vehicle.make} ${page.vehicle.model} ${page.vehicle.variant}`;
  return pageMeta(args, {
    title: `Enquire about the ${name} | Honda Dealer Group`,
    description: `Ask a Honda dealer about the new ${name}: price, stock, trade-in and finance. We reply within one working day.`,
  });
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
          <img
            src={vehicle.image}
            alt={`${vehicle.make} ${vehicle.model}`}
            width={640}
            height={400}
            className="h-auto w-full rounded-lg bg-gray-100"
          />
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
