import { data } from "react-router";
import { findDeal } from "../../../core/content/deals.ts";
import { EnquiryForm } from "../../components/enquiry-form.tsx";
import { enquiryHeaders, submitOrExplain } from "../../lib/enquiry.ts";
import { dealerChoices, enquiryAction, type EnquiryFormSetup, formToken } from "../../lib/enquiry.server.ts";
import { formatDate } from "../../../core/shared/format.ts";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import type { Route } from "./+types/special";
import { pageMeta, pageTitle } from "../../lib/meta.ts";

/** The special of the path; a dealer's own special goes to that dealer and is not shown under another. */
async function setupFor({ context, request, params }: Route.LoaderArgs | Route.ActionArgs) {
  const scope = await resolveDealerScope(context.readModels, request, params);
  const deal = await findDeal(context.db, params.slug);
  if (!deal || deal.kind !== "special") throw data(null, { status: 404 });
  if (deal.dealer_slug && scope.inRoute && deal.dealer_slug !== scope.dealer?.slug) throw data(null, { status: 404 });
  const fixedDealer = deal.dealer_slug ?? (scope.inRoute ? (scope.dealer?.slug ?? null) : null);
  const setup: EnquiryFormSetup = {
    preset: "special",
    fixed: { special_slug: deal.slug, ...(fixedDealer ? { dealer_slug: fixedDealer } : {}) },
    dealers: fixedDealer ? null : await dealerChoices(context.readModels, "special"),
    selectedDealer: scope.dealer?.slug ?? null,
  };
  return { setup, deal };
}

export async function loader(args: Route.LoaderArgs) {
  const { setup, deal } = await setupFor(args);
  return { dealers: setup.dealers, selectedDealer: setup.selectedDealer, token: formToken(), deal };
}

export const headers = enquiryHeaders;

export async function action(args: Route.ActionArgs) {
  const { setup } = await setupFor(args);
  return enquiryAction(args.request, args.context, setup);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => submitOrExplain(serverAction);

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [{ title: pageTitle("Page not found") }, { name: "robots", content: "noindex" }];
  return pageMeta(args, {
    title: `${page.deal.title} | Specials | Honda Dealer Group`,
    description: page.deal.summary,
    image: `/uploads/${page.deal.image}`,
  });
}

/** SPEC section 2: one special, its banner image with title and summary, then the specials enquiry form. */
export default function Special({ loaderData }: Route.ComponentProps) {
  const { deal } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <figure className="overflow-hidden rounded-lg bg-gray-100">
        <img src={`/uploads/${deal.image}`} alt="" width={1200} height={600} className="h-auto w-full" fetchPriority="high" />
      </figure>
      <h1 className="mt-6 text-3xl font-bold">{deal.title}</h1>
      <p className="mt-3 max-w-3xl text-lg">{deal.summary}</p>
      <p className="mt-2 text-sm text-brand-grey-light">Valid until {formatDate(deal.valid_until)}.</p>
      <div className="mt-10 max-w-3xl">
        <EnquiryForm
          heading="Enquire about this special"
          token={loaderData.token}
          dealers={loaderData.dealers}
          selectedDealer={loaderData.selectedDealer}
        />
      </div>
    </div>
  );
}
