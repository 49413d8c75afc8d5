import { redirect } from "react-router";
import { createBanner } from "../../../../core/content/banners-admin.server.ts";
import { areaDealers } from "../../../../core/content/content-admin.server.ts";
import { BackToList, BannerForm } from "../../../components/staff/content-form.tsx";
import { BANNER_FORM_FIELDS } from "../../../lib/content-fields.ts";
import { contentFormValues, refusedContentForm } from "../../../lib/content-form.server.ts";
import { formFile, staffForm } from "../../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/new";

/** /staff/banners/new: add a banner with its image. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    const dealers = await areaDealers(context.db, actor, "banners");
    return { csrfToken, dealers: dealers.map(({ slug, name }) => ({ slug, name })) };
  } catch (error) {
    staffFailure(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request);
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const values = contentFormValues(form, BANNER_FORM_FIELDS);
  try {
    const result = await createBanner(context.db, actor, values, await formFile(form, "image"));
    if (!result.ok) return refusedContentForm(values, result);
    return redirect(`/staff/banners/${result.id}?done=created`);
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `Add a banner${STAFF_TITLE_SUFFIX}` }];

export default function NewBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, dealers } = loaderData;
  return (
    <>
      <BackToList to="/staff/banners">Banners</BackToList>
      <h1 className="mt-2 text-3xl font-bold">Add a banner</h1>
      <BannerForm
        adding
        csrfToken={csrfToken}
        dealers={dealers}
        values={actionData?.values ?? { type: "", dealer: "", sortOrder: "0" }}
        errors={actionData?.errors ?? {}}
      />
    </>
  );
}
