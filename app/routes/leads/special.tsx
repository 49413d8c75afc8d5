import { appContext } from "../../load-context.ts";
import { data, Link } from "react-router";
import { dealImageSrc } from "../../../core/content/content-labels.ts";
import { readPublicDeal } from "../../../core/content/deals.server.ts";
import { SpecialIntro } from "../../components/special-intro.tsx";
import { dealerPath } from "../../lib/scope.ts";
import { EnquiryForm } from "../../components/enquiry-form.tsx";
import { enquiryHeaders, submitOrExplain } from "../../lib/enquiry.ts";
import { dealerChoices, enquiryAction, type EnquiryFormSetup, formToken } from "../../lib/enquiry.server.ts";
import { resolveDealerScope } from "../../lib/scope.server.ts";
import type { Route } from "./+types/special";
import { pageMeta, pageTitle } from "../../lib/meta.ts";

/**
 * The special of the path, as the public sees it (core/content/deals.server.ts `dealVisibility`): a draft or one
 * not started yet is not found; an expired one is gone (410, with a link to the current specials), for its
 * page and its enquiry form alike. A dealer's own special goes to that dealer and is not shown under another.
 */
async function setupFor({ context, request, params }: Route.LoaderArgs | Route.ActionArgs) {
  const scope = await resolveDealerScope(context.get(appContext).readModels, request, params);
  const found = await readPublicDeal(context.get(appContext).readModels, params.slug);
  const deal = found?.deal;
  if (!found || !deal || deal.kind !== "special") throw data(null, { status: 404 });
  if (deal.dealer_slug && scope.inRoute && deal.dealer_slug !== scope.dealer?.slug) throw data(null, { status: 404 });
  const specialsPath = dealerPath(scope.inRoute ? (scope.dealer?.slug ?? null) : null, "/specials");
  if (found.visibility === "gone") return { gone: { title: deal.title, specialsPath } } as const;
  const fixedDealer = deal.dealer_slug ?? (scope.inRoute ? (scope.dealer?.slug ?? null) : null);
  const setup: EnquiryFormSetup = {
    preset: "special",
    fixed: { special_slug: deal.slug, ...(fixedDealer ? { dealer_slug: fixedDealer } : {}) },
    dealers: fixedDealer ? null : await dealerChoices(context.get(appContext).readModels, "special"),
    selectedDealer: scope.dealer?.slug ?? null,
  };
  return { gone: null, setup, deal };
}

export async function loader(args: Route.LoaderArgs) {
  const found = await setupFor(args);
  if (found.gone) return data({ gone: found.gone } as const, { status: 410 });
  const { setup, deal } = found;
  return { gone: null, dealers: setup.dealers, selectedDealer: setup.selectedDealer, token: formToken(), deal };
}

export const headers = enquiryHeaders;

export async function action(args: Route.ActionArgs) {
  const found = await setupFor(args);
  if (found.gone) throw data(null, { status: 410 });
  return enquiryAction(args.request, args.context.get(appContext), found.setup);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => submitOrExplain(serverAction);

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [{ title: pageTitle("Page not found") }, { name: "robots", content: "noindex" }];
  if (page.gone)
    return [{ title: pageTitle(`${page.gone.title}: this special has ended`) }, { name: "robots", content: "noindex" }];
  return pageMeta(args, {
    title: `${page.deal.title} | Specials | Honda Dealer Group`,
    description: page.deal.summary,
    image: dealImageSrc(page.deal.image),
  });
}

/** product.md §2: one special, its banner image with title and summary, then the specials enquiry form. */
export default function Special({ loaderData }: Route.ComponentProps) {
  if (loaderData.gone) return <EndedSpecial {...loaderData.gone} />;
  const { deal } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <SpecialIntro deal={deal} />
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

/** The page of a special that has ended (410 Gone): where the current specials are. */
function EndedSpecial({ title, specialsPath }: { title: string; specialsPath: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">This special has ended</h1>
      <p className="mt-4">{title} is no longer on offer.</p>
      <Link to={specialsPath} className="mt-8 inline-block font-semibold text-brand-red underline">
        See our current specials
      </Link>
    </div>
  );
}
