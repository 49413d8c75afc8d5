import { EnquiryForm } from "../../components/enquiry-form.tsx";
import { enquiryHeaders, submitOrExplain } from "../../lib/enquiry.ts";
import { newVehicleEnquiryAction, newVehicleEnquiryPage } from "../../lib/enquiry.server.ts";
import { formatRand } from "../../../core/shared/format.ts";
import type { Route } from "./+types/wing-enquire";
import { pageMeta, pageTitle } from "../../lib/meta.ts";

export const loader = (args: Route.LoaderArgs) => newVehicleEnquiryPage(args, "motorcycle");

export const headers = enquiryHeaders;
export const action = (args: Route.ActionArgs) => newVehicleEnquiryAction(args, "motorcycle");

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => submitOrExplain(serverAction);

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [{ title: pageTitle("Page not found") }, { name: "robots", content: "noindex" }];
  const name = `${page.vehicle.make} ${page.vehicle.model} ${page.vehicle.variant}`;
  return pageMeta(args, {
    title: `Enquire about the ${name} | Honda Wing`,
    description: `Ask a Honda Wing dealer about the new ${name}: price, stock, riding gear and finance.`,
  });
}

/** product.md §2: the new-wing enquire page has a form block and a light enquiry section. */
export default function WingEnquiry({ loaderData }: Route.ComponentProps) {
  const { vehicle } = loaderData;
  return (
    <>
      <div className="bg-brand-grey text-white">
        <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 lg:grid-cols-[2fr_3fr]">
          <div>
            <h1 className="text-3xl font-bold">
              {vehicle.make} {vehicle.model}
            </h1>
            <p className="mt-2 text-lg">{vehicle.variant}</p>
            <p className="text-gray-200">From {formatRand(vehicle.price)}</p>
            <img
              src={vehicle.image}
              alt={`${vehicle.make} ${vehicle.model}`}
              width={640}
              height={400}
              className="mt-6 h-auto w-full rounded-lg bg-white/10"
            />
            {loaderData.dealerName ? <p className="mt-4">Your enquiry goes to {loaderData.dealerName}.</p> : null}
          </div>
          <EnquiryForm
            heading="Enquire now"
            intro={<p>Tell us how to reach you and a Honda Wing consultant will be in touch.</p>}
            token={loaderData.token}
            dealers={loaderData.dealers}
            selectedDealer={loaderData.selectedDealer}
            tone="dark"
          />
        </div>
      </div>
      <section aria-labelledby="wing-why" className="bg-gray-50">
        <div className="mx-auto max-w-5xl px-4 py-12">
          <h2 id="wing-why" className="text-2xl font-bold">
            Why enquire with Honda Wing
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-3">
            <li>
              <h3 className="font-semibold">Ride before you buy</h3>
              <p className="mt-1 text-brand-grey-light">
                Ask for a test ride on a demo bike at your nearest Honda Wing dealer.
              </p>
            </li>
            <li>
              <h3 className="font-semibold">Gear and accessories</h3>
              <p className="mt-1 text-brand-grey-light">
                Helmets, riding gear and genuine Honda accessories fitted before you ride away.
              </p>
            </li>
            <li>
              <h3 className="font-semibold">Finance made simple</h3>
              <p className="mt-1 text-brand-grey-light">
                We arrange finance with the major South African banks and explain every figure.
              </p>
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
