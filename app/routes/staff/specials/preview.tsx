import { appContext } from "../../../load-context.ts";
import { Link } from "react-router";
import { getStaffDeal } from "../../../../core/content/deals-admin.server.ts";
import { DealCard } from "../../../components/browse-cards.tsx";
import { SpecialIntro } from "../../../components/special-intro.tsx";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/preview";
import { recordId as dealId } from "../../../lib/content-fields.ts";

/**
 * /staff/specials/{id}/preview: the special as a visitor will see it (its card on /specials and its page),
 * draft or not. Staff only; like every staff page never cached and never indexed (server/middleware/caching.ts).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  try {
    const deal = await getStaffDeal(context.get(appContext).db, actor, dealId(params.id));
    return { id: deal.id, card: deal.card, published: deal.status === "published" };
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `Preview: ${loaderData?.card.title ?? "Special"}${STAFF_TITLE_SUFFIX}` },
  { name: "robots", content: "noindex" },
];

export default function PreviewSpecial({ loaderData }: Route.ComponentProps) {
  const { id, card, published } = loaderData;
  return (
    <>
      <p>
        <Link to={`/staff/specials/${id}`} className="text-brand-red underline">
          Back to the special
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Preview: {card.title}</h1>
      <p className="mt-4 rounded border-2 border-amber-800 bg-amber-50 p-4 font-semibold text-amber-950" role="note">
        Preview{published ? "" : " of a draft"}: this is how visitors will see it. Only staff can open this page.
      </p>
      <h2 className="mt-8 text-xl font-bold">Its card on the specials page</h2>
      <div className="mt-4 max-w-sm">
        <DealCard deal={card} href={`/staff/specials/${id}/preview`} />
      </div>
      <h2 className="mt-10 text-xl font-bold">Its page</h2>
      <div className="mt-4 rounded-lg border border-gray-300 p-4">
        <SpecialIntro deal={card} headingLevel={3} />
      </div>
    </>
  );
}
