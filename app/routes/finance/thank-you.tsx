import { Link } from "react-router";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/thank-you";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Thank You | Finance Application | Honda Dealer Group",
    description: "Thank you for your finance application. Our team will get back to you shortly.",
    noindex: true,
  });
}

export default function FinanceThankYou() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Thank You for Your Enquiry!</h1>
      <p className="mt-4 text-lg">Our team will get back to you shortly.</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded bg-brand-red px-6 py-3 font-semibold text-white hover:bg-brand-red-dark"
      >
        Back Home
      </Link>
    </div>
  );
}
