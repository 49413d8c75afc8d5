import { Form, Link } from "react-router";
import { getStaffDeal } from "../../../../core/content/deals-admin.server.ts";
import { BackToList, DealForm } from "../../../components/staff/content-form.tsx";
import { CsrfField } from "../../../components/staff/csrf-field.tsx";
import { buttonClass, Notice, secondaryButtonClass } from "../../../components/staff/form.tsx";
import { PUBLIC_STATE_LABELS } from "../../../lib/content-fields.ts";
import { editContentAction, editContentPage, STAFF_SPECIALS } from "../../../lib/staff-content.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import type { Route } from "./+types/edit";

/** /staff/specials/{id}: a special's fields and image, its preview, and publishing. Another dealer's is 404. */
export const loader = (args: Route.LoaderArgs) =>
  editContentPage(STAFF_SPECIALS, args, async (db, actor, id) => {
    const deal = await getStaffDeal(db, actor, id);
    return { ...deal, version: deal.updatedAt.getTime() };
  });

export const action = (args: Route.ActionArgs) => editContentAction(STAFF_SPECIALS, args);

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.record.values.title ?? "Special"}${STAFF_TITLE_SUFFIX}` },
];

export default function EditSpecial({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, record: deal, dealers, groupWide, notice } = loaderData;
  const published = deal.status === "published";
  return (
    <>
      <BackToList to="/staff/specials">Specials and deals</BackToList>
      <h1 className="mt-2 text-3xl font-bold">{deal.values.title}</h1>
      <p className="mt-2">
        Status: <strong>{published ? "Published" : "Draft"}</strong> · {PUBLIC_STATE_LABELS[deal.publicState]}.{" "}
        {deal.publicState === "public" ? (
          <a href={deal.publicPath} className="text-brand-red underline">
            See it on the public site
          </a>
        ) : null}
      </p>
      <div className="mt-4">
        <Notice>{notice}</Notice>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Link to={`/staff/specials/${deal.id}/preview`} className={secondaryButtonClass}>
          Preview as a visitor sees it
        </Link>
        <Form method="post">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value={published ? "draft" : "publish"} />
          <button type="submit" className={published ? secondaryButtonClass : buttonClass}>
            {published ? "Take back to draft" : "Publish"}
          </button>
        </Form>
      </div>
      <h2 className="mt-8 text-2xl font-bold">Details</h2>
      <DealForm
        key={deal.version}
        adding={false}
        csrfToken={csrfToken}
        dealers={dealers}
        groupWide={groupWide}
        values={actionData?.values && Object.keys(actionData.values).length > 0 ? actionData.values : deal.values}
        errors={actionData?.errors ?? {}}
      />
    </>
  );
}
