import { Form, Link, redirect } from "react-router";
import { areaDealers } from "../../../../core/content/content-admin.server.ts";
import { getStaffDeal, setDealStatus, updateDeal } from "../../../../core/content/deals-admin.server.ts";
import { dealerScope } from "../../../../core/staff/roles.ts";
import { BackToList, DealForm } from "../../../components/staff/content-form.tsx";
import { CsrfField } from "../../../components/staff/csrf-field.tsx";
import { buttonClass, Notice, secondaryButtonClass } from "../../../components/staff/form.tsx";
import { DEAL_FORM_FIELDS, PUBLIC_STATE_LABELS, recordId as dealId } from "../../../lib/content-fields.ts";
import { contentFormValues, refusedContentForm } from "../../../lib/content-form.server.ts";
import { field, formFile, staffForm } from "../../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/edit";

const NOTICES: Record<string, string> = {
  created: "Saved as a draft. Preview it, then publish it.",
  saved: "Changes saved. The public site shows them within a few seconds.",
  published: "Published. It is on the public site from its start until its end.",
  draft: "Taken back to draft: it is no longer on the public site.",
};

/** /staff/specials/{id}: a special's fields and image, its preview, and publishing. Another dealer's is 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    const [deal, dealers] = await Promise.all([
      getStaffDeal(context.db, actor, dealId(params.id)),
      areaDealers(context.db, actor, "deals"),
    ]);
    return {
      csrfToken,
      deal: { ...deal, version: deal.updatedAt.getTime() },
      dealers: dealers.map(({ slug, name }) => ({ slug, name })),
      groupWide: dealerScope(actor, "deals").kind === "all",
      notice: NOTICES[new URL(request.url).searchParams.get("done") ?? ""] ?? null,
    };
  } catch (error) {
    staffFailure(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireStaff(request);
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const id = dealId(params.id);
  try {
    const intent = field(form, "intent");
    if (intent === "publish" || intent === "draft") {
      const result = await setDealStatus(context.db, actor, id, intent === "publish" ? "published" : "draft");
      if (!result.ok) return refusedContentForm({}, result);
      return redirect(`/staff/specials/${id}?done=${intent === "publish" ? "published" : "draft"}`);
    }
    const values = contentFormValues(form, DEAL_FORM_FIELDS);
    const result = await updateDeal(context.db, actor, id, values, await formFile(form, "image"));
    if (!result.ok) return refusedContentForm(values, result);
    return redirect(`/staff/specials/${id}?done=saved`);
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.deal.values.title ?? "Special"}${STAFF_TITLE_SUFFIX}` },
];

export default function EditSpecial({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, deal, dealers, groupWide, notice } = loaderData;
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
