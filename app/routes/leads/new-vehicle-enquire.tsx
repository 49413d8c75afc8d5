import { EnquiryForm } from "../../components/enquiry-form.tsx";
import { enquiryHeaders, submitOrExplain } from "../../lib/enquiry.ts";
import { newVehicleEnquiryAction, newVehicleEnquiryPage } from "../../lib/enquiry.server.ts";
import { formatRand } from "../../../core/shared/format.ts";
import type { Route } from "./+types/new-vehicle-enquire";
import { pageMeta, pageTitle } from "../../lib/meta.ts";

/**
 * The enquire page of a new car (/new/{make}/{model}/{variant}/enquire) and of a Honda Wing motorcycle
 * (/honda-wing/...): one module registered for both paths, the loader telling which from the matched route.
 */
export const loader = (args: Route.LoaderArgs) => newVehicleEnquiryPage(args);

export const headers = enquiryHeaders;
export const action = (args: Route.ActionArgs) => newVehicleEnquiryAction(args);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => submitOrExplain(serverAction);

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [{ title: pageTitle("Page not found") }, { name: "robots", content: "noindex" }];
  const name = `${page.vehicle.make} ${page.vehicle.model} ${page.vehicle.variant}`;
  return pageMeta(
    args,
    page.type === "motorcycle"
      ? {
          title: `Enquire about the ${name} | Honda Wing`,
          description: `Ask a Honda Wing dealer about the new ${name}: price, stock, riding gear and finance.`,
        }
      : {
          title: `Enquire about the ${name} | Honda Dealer Group`,
          description: `Ask a Honda dealer about the new ${name}: price, stock, trade-in and finance. We reply within one working day.`,
        },
  );
}

type PageData = Route.ComponentProps["loaderData"];

export default function NewVehicleEnquiry({ loaderData }: Route.ComponentProps) {
  return loaderData.type === "motorcycle" ? <WingEnquiry page={loaderData} /> : <CarEnquiry page={loaderData} />;
}

function CarEnquiry({ page }: { page: PageData }) {
  const { vehicle } = page;
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
          {page.dealerName ? <p className="mt-2">Your enquiry goes to {page.dealerName}.</p> : null}
        </div>
        <EnquiryForm
          heading="Send us your details"
          intro={<p>A sales consultant will contact you about price, availability, trade-in and finance.</p>}
          token={page.token}
          dealers={page.dealers}
          selectedDealer={page.selectedDealer}
        />
      </div>
    </div>
  );
}

/** product.md §2: the new-wing enquire page has a form block and a light enquiry section. */
function WingEnquiry({ page }: { page: PageData }) {
  const { vehicle } = page;
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
            {page.dealerName ? <p className="mt-4">Your enquiry goes to {page.dealerName}.</p> : null}
          </div>
          <EnquiryForm
            heading="Enquire now"
            intro={<p>Tell us how to reach you and a Honda Wing consultant will be in touch.</p>}
            token={page.token}
            dealers={page.dealers}
            selectedDealer={page.selectedDealer}
            tone="dark"
          />
        </div>
      </div>
      <WhyHondaWing />
    </>
  );
}

function WhyHondaWing() {
  return (
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
  );
}
