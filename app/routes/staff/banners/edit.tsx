import { redirect } from "react-router";
import { getStaffBanner, updateBanner } from "../../../../core/content/banners-admin.server.ts";
import { areaDealers } from "../../../../core/content/content-admin.server.ts";
import { BackToList, BannerForm } from "../../../components/staff/content-form.tsx";
import { Notice } from "../../../components/staff/form.tsx";
import { BANNER_FORM_FIELDS, recordId } from "../../../lib/content-fields.ts";
import { contentFormValues, refusedContentForm } from "../../../lib/content-form.server.ts";
import { formFile, staffForm } from "../../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/edit";

const NOTICES: Record<string, string> = {
  created: "Banner added. The public site shows it within a few seconds, within its schedule.",
  saved: "Changes saved. The public site shows them within a few seconds.",
};

/** /staff/banners/{id}: a banner's fields and image. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    const [banner, dealers] = await Promise.all([
      getStaffBanner(context.db, actor, recordId(params.id)),
      areaDealers(context.db, actor, "banners"),
    ]);
    return {
      csrfToken,
      banner,
      dealers: dealers.map(({ slug, name }) => ({ slug, name })),
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
  const values = contentFormValues(form, BANNER_FORM_FIELDS);
  try {
    const result = await updateBanner(context.db, actor, recordId(params.id), values, await formFile(form, "image"));
    if (!result.ok) return refusedContentForm(values, result);
    return redirect(`/staff/banners/${result.id}?done=saved`);
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.banner.values.title ?? "Banner"}${STAFF_TITLE_SUFFIX}` },
];

export default function EditBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, banner, dealers, notice } = loaderData;
  return (
    <>
      <BackToList to="/staff/banners">Banners</BackToList>
      <h1 className="mt-2 text-3xl font-bold">{banner.values.title}</h1>
      <p className="mt-2">
        {banner.shownNow ? "Shown on the public site now." : "Not shown on the public site now (outside its schedule)."}
      </p>
      <div className="mt-4">
        <Notice>{notice}</Notice>
      </div>
      <img
        src={banner.imageUri}
        alt="The banner as it stands"
        width={480}
        height={180}
        className="mt-4 w-full max-w-md rounded object-cover"
      />
      <BannerForm
        key={JSON.stringify(banner.values)}
        adding={false}
        csrfToken={csrfToken}
        dealers={dealers}
        values={actionData?.values ?? banner.values}
        errors={actionData?.errors ?? {}}
      />
    </>
  );
}
