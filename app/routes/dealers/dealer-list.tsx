import { appContext } from "../../load-context.ts";
import { dealerDirectoryModel } from "../../../core/dealers/dealers.server.ts";
import { DealerCard } from "../../components/dealer-card.tsx";
import type { Route } from "./+types/dealer-list";
import { dealerFromMatches, pageMeta, pageTitle } from "../../lib/meta.ts";
import { autoDealerJsonLd } from "../../lib/structured-data.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: pageTitle("Our dealers", dealerFromMatches(args.matches)),
    description:
      "Find a Honda dealer near you: addresses, business hours, phone numbers and maps for every Honda and Honda Wing dealer in the group.",
    jsonLd: (siteUrl) => (args.loaderData?.dealers ?? []).map((dealer) => autoDealerJsonLd(siteUrl, dealer)),
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  return { dealers: (await context.get(appContext).readModels.read(dealerDirectoryModel)).dealers };
}

export default function DealerList({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Our dealers</h1>
      <p className="mt-3 max-w-3xl text-lg text-brand-grey-light">
        {loaderData.dealers.length} Honda car and Honda Wing motorcycle dealers across South Africa. Choose a dealer to
        see its stock, specials and service.
      </p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.dealers.map((dealer) => (
          <li key={dealer.slug} className="flex">
            <DealerCard dealer={dealer} />
          </li>
        ))}
      </ul>
    </div>
  );
}
