import { Link, redirect } from "react-router";
import { createBlogPost, storeBlogBodyImage } from "../../../../core/content/blog-admin.ts";
import { BlogForm, BodyImageForm } from "../../../components/staff/blog-form.tsx";
import { blogFormValues, bodyImageAnswer, refusedBlogForm, uploadOf } from "../../../lib/blog-form.server.ts";
import { field, staffForm } from "../../../lib/staff-forms.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import { mayUse, StaffAccessDenied } from "../../../../core/staff/roles.ts";
import type { Route } from "./+types/new";

/** /staff/blog/new: write a post; then its page, to preview and edit it. */
export async function loader({ request }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  if (!mayUse(actor, "blog")) staffFailure(new StaffAccessDenied("forbidden", "blog"));
  return { csrfToken };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Signed in before the body (up to 20 MB) is read: nobody else makes the server buffer an image.
  await requireStaff(request);
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  try {
    const image = await uploadOf(form, field(form, "intent") === "body-image" ? "bodyImage" : "heroImage");
    if (field(form, "intent") === "body-image") {
      return bodyImageAnswer(image ? await storeBlogBodyImage(context.db, actor, image, field(form, "alt")) : { ok: false, violations: [{ propertyPath: "bodyImage", message: "Choose an image to upload" }] });
    }
    const values = blogFormValues(form);
    const result = await createBlogPost(context.db, actor, values, image, new Date());
    if (!result.ok) return refusedBlogForm(values, result.violations);
    return redirect(`/staff/blog/${result.id}?done=created`);
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `Write a post${STAFF_TITLE_SUFFIX}` }];

export default function NewBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken } = loaderData;
  return (
    <>
      <p>
        <Link to="/staff/blog" className="text-brand-red underline">
          Blog posts
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Write a post</h1>
      <BlogForm csrfToken={csrfToken} values={actionData?.values ?? { status: "draft" }} errors={actionData?.errors ?? {}} submitLabel="Save the post" />
      <BodyImageForm csrfToken={csrfToken} markdown={actionData?.bodyImage} error={actionData?.bodyImageError} />
    </>
  );
}
