import { appContext } from "../../load-context.ts";
import { dealerDirectoryModel } from "../../../core/dealers/dealers.server.ts";
import { DealerCard } from "../../components/dealer-card.tsx";
import { formatOpeningTimes, GROUP_OPENING_HOURS } from "../../lib/hours.ts";
import type { Route } from "./+types/contact";
import { pageMeta, pageTitle } from "../../lib/meta.ts";
import { autoDealerJsonLd } from "../../lib/structured-data.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: pageTitle("Contact Us"),
    description:
      "Contact the Honda Dealer Group: phone numbers, addresses and opening hours of all our Honda and Honda Wing dealers.",
    jsonLd: (siteUrl) => (args.loaderData?.dealers ?? []).map((dealer) => autoDealerJsonLd(siteUrl, dealer)),
  });
}

/** product.md §2: Contact Us lists all dealers (group-only route, no dealer-prefixed variant). */
export async function loader({ context }: Route.LoaderArgs) {
  return { dealers: (await context.get(appContext).readModels.read(dealerDirectoryModel)).dealers };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Contact Us</h1>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <p className="text-lg text-brand-grey-light">
          Call or visit the dealer nearest to you. For a service booking, parts or finance you can also use the forms on
          this site and the dealer will get back to you.
        </p>
        <section aria-labelledby="group-hours" className="rounded-lg border-l-4 border-brand-red bg-gray-50 p-5">
          <h2 id="group-hours" className="text-lg font-bold">
            Opening hours
          </h2>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
            {GROUP_OPENING_HOURS.map((line) => (
              <div key={line.days} className="contents">
                <dt>{line.days}</dt>
                <dd className="text-right font-semibold">{formatOpeningTimes(line)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-brand-grey-light">
            Some dealers keep their own hours: see each dealer below.
          </p>
        </section>
      </div>
      <h2 className="mt-12 text-2xl font-bold">Our dealers</h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.dealers.map((dealer) => (
          <li key={dealer.slug} className="flex">
            <DealerCard dealer={dealer} headingLevel={3} />
          </li>
        ))}
      </ul>
    </div>
  );
}
