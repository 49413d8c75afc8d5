import { appContext } from "../../load-context.ts";
import { Link } from "react-router";
import { enquiryReceipt, receiptLeadId } from "../../../core/leads/receipt.server.ts";
import { telHref } from "../../lib/hours.ts";
import { dealerPath, useScopedDealer } from "../../lib/scope.ts";
import type { Route } from "./+types/thank-you";
import { pageMeta } from "../../lib/meta.ts";

/**
 * The lead this buyer has just sent, when their browser holds its receipt (core/leads/receipt.server.ts): set by the form's
 * action, signed, for this form's path only. Anyone else at the same address sees the plain thank-you. The caching
 * rule never lets a cache keep a thank-you page (server/middleware/caching.ts).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const leadId = receiptLeadId(context.get(appContext).linkSigner, request.headers.get("Cookie"), new Date());
  return { receipt: leadId ? await enquiryReceipt(context.get(appContext).db, leadId) : null };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Thank you for your enquiry | Honda Dealer Group",
    description: "We have your enquiry. Our team will get back to you shortly.",
    noindex: true,
  });
}

/** product.md §2: the thank-you page after every enquiry form, with the lead's reference and dealer when known. */
export default function ThankYou({ params, loaderData }: Route.ComponentProps) {
  const dealer = useScopedDealer();
  const home = dealerPath(params.dealerName ? dealer?.slug : null, "/");
  const { receipt } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-grey">Thank You for Your Enquiry!</h1>
      <p className="mt-4 text-lg text-brand-grey-light">Our team will get back to you shortly.</p>
      {receipt && (
        <dl className="mx-auto mt-8 grid max-w-md gap-x-4 gap-y-2 rounded-lg border border-gray-200 bg-white p-6 text-left sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Your reference</dt>
          <dd className="font-mono text-lg">{receipt.reference}</dd>
          <dt className="font-semibold">Dealer</dt>
          <dd>{receipt.dealerName}</dd>
          <dt className="font-semibold">Phone</dt>
          <dd>
            <a href={telHref(receipt.dealerPhone)} className="font-semibold text-brand-red underline">
              {receipt.dealerPhone}
            </a>
          </dd>
        </dl>
      )}
      {receipt && (
        <p className="mt-4 text-sm text-brand-grey-light">Please quote this reference when you contact the dealer.</p>
      )}
      <Link
        to={home}
        className="mt-8 inline-block rounded bg-brand-red px-6 py-3 font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey"
      >
        Back Home
      </Link>
    </section>
  );
}
