import { Link } from "react-router";
import { dealerPath } from "../../lib/scope.ts";
import { useScopedDealer } from "../../lib/scope.ts";
import type { Route } from "./+types/thank-you";
import { pageMeta } from "../../lib/meta.ts";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Thank you for your enquiry | Honda Dealer Group",
    description: "We have your enquiry. Our team will get back to you shortly.",
    noindex: true,
  });
}

/** product.md §2: the thank-you page after every enquiry form. */
export default function ThankYou({ params }: Route.ComponentProps) {
  const dealer = useScopedDealer();
  const home = dealerPath(params.dealerName ? dealer?.slug : null, "/");
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-grey">Thank You for Your Enquiry!</h1>
      <p className="mt-4 text-lg text-brand-grey-light">Our team will get back to you shortly.</p>
      <Link
        to={home}
        className="mt-8 inline-block rounded bg-brand-red px-6 py-3 font-semibold text-white hover:bg-brand-red-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-grey"
      >
        Back Home
      </Link>
    </section>
  );
}
