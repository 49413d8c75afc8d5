import { appContext } from "../../load-context.ts";
import type { ReactNode } from "react";
import { GROUP_NAME } from "../../../core/dealers/group.ts";
import { EnquiryForm } from "../../components/enquiry-form.tsx";
import { enquiryHeaders, submitOrExplain } from "../../lib/enquiry.ts";
import { dealerChoices, enquiryAction, type EnquiryFormSetup, formToken } from "../../lib/enquiry.server.ts";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import { appointmentChoice } from "../../lib/appointment.server.ts";
import type { Route } from "./+types/service";
import { pageMeta } from "../../lib/meta.ts";

async function setupFor({ context, request, params }: Route.LoaderArgs | Route.ActionArgs) {
  const scope = await resolveDealerScope(context.get(appContext).readModels, request, params);
  const dealerInPath = scope.inRoute ? scope.dealer : null;
  const setup: EnquiryFormSetup = {
    preset: "service",
    fixed: dealerInPath ? { dealer_slug: dealerInPath.slug } : {},
    dealers: dealerInPath ? null : await dealerChoices(context.get(appContext).readModels, "service"),
    selectedDealer: scope.dealer?.slug ?? null,
  };
  return { setup, dealerName: scope.dealer?.dealerName ?? null, heading: scope.dealer?.dealerName ?? GROUP_NAME };
}

export async function loader(args: Route.LoaderArgs) {
  const { setup, dealerName, heading } = await setupFor(args);
  const dealerSlug =
    setup.fixed.dealer_slug ??
    (setup.dealers?.some((d) => d.slug === setup.selectedDealer) ? setup.selectedDealer : null);
  const appointment = await appointmentChoice(args.context.get(appContext).db, "service", dealerSlug, null);
  return {
    dealers: setup.dealers,
    selectedDealer: setup.selectedDealer,
    appointment,
    token: formToken(),
    dealerName,
    heading,
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
  return pageMeta(args, {
    title: `Book a Service${dealerName ? ` at ${dealerName}` : ""} | Honda Dealer Group`,
    description:
      "Book your Honda service online: Honda-trained technicians, genuine parts, free Wi-Fi while you wait and a complimentary wash and vacuum.",
  });
}

/** A promise's icon: a fixed 48 px badge that the text beside it cannot squeeze, level with the promise's heading. */
const icon = (path: ReactNode) => (
  <span
    aria-hidden="true"
    data-promise-icon=""
    className="flex size-12 shrink-0 items-center justify-center rounded-full bg-red-50 text-brand-red"
  >
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-7 shrink-0"
    >
      {path}
    </svg>
  </span>
);

const PROMISES = [
  {
    title: "Quality you can trust",
    text: "Honda-trained technicians follow Honda's own service schedule and tools, and stamp your service book so your warranty and resale value stay intact.",
    icon: icon(<path d="M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3zM9 12l2 2 4-4" />),
  },
  {
    title: "Free wireless internet",
    text: "Work or stream in our customer lounge on free Wi-Fi while we look after your vehicle.",
    icon: icon(<path d="M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01" />),
  },
  {
    title: "Complimentary car wash and vacuum",
    text: "Every car we service goes home washed outside and vacuumed inside, at no charge.",
    icon: icon(<path d="M12 3s-5 6-5 10a5 5 0 0 0 10 0c0-4-5-10-5-10z" />),
  },
  {
    title: "Genuine parts",
    text: "We fit only genuine Honda parts and fluids, made for your vehicle and backed by Honda's parts warranty.",
    icon: icon(
      <path d="M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1L7 17M17 7l2.1-2.1" />,
    ),
  },
];

/** product.md §2: the service page, its promises, a dealer name heading and the booking form. */
export default function Service({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Book a Service</h1>
      <p className="mt-3 max-w-3xl text-lg">
        Keep your Honda running like new. Pick a free time at your dealership and it is booked: we e-mail you a
        confirmation to add to your calendar.
      </p>
      <ul aria-label="Why service with us" className="mt-8 grid gap-6 sm:grid-cols-2">
        {PROMISES.map((promise) => (
          <li key={promise.title} className="flex items-start gap-4 rounded-lg border border-gray-200 p-5">
            {promise.icon}
            <div className="min-w-0 pt-2.5">
              <h2 className="text-lg font-semibold leading-7">{promise.title}</h2>
              <p className="mt-1 text-brand-grey-light">{promise.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-12 max-w-3xl">
        <EnquiryForm
          heading={loaderData.heading}
          intro={<p>Tell us about your vehicle and what it needs, and choose when to bring it in.</p>}
          token={loaderData.token}
          dealers={loaderData.dealers}
          selectedDealer={loaderData.selectedDealer}
          askMakeModel
          appointment={loaderData.appointment}
          messageRows={10}
          messageLabel="What does your vehicle need?"
        />
      </div>
    </div>
  );
}
