import { appContext } from "../../../load-context.ts";
import { Link } from "react-router";
import { createBlogPost } from "../../../../core/content/blog-admin.server.ts";
import { BlogForm, BodyImageForm } from "../../../components/staff/blog-form.tsx";
import { blogFormAction } from "../../../lib/blog-form.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import { mayUse, StaffAccessDenied } from "../../../../core/staff/roles.ts";
import type { Route } from "./+types/new";

/** /staff/blog/new: write a post; then its page, to preview and edit it. */
export async function loader({ request }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  if (!mayUse(actor, "blog")) staffFailure(new StaffAccessDenied("forbidden", "blog"));
  return { csrfToken };
}

export function action({ request, context }: Route.ActionArgs) {
  return blogFormAction(
    request,
    context.get(appContext).db,
    (actor, values, hero) => createBlogPost(context.get(appContext).db, actor, values, hero, new Date()),
    (id) => `/staff/blog/${id}?done=created`,
  );
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
      <BlogForm
        csrfToken={csrfToken}
        values={actionData?.values ?? { status: "draft" }}
        errors={actionData?.errors ?? {}}
        submitLabel="Save the post"
      />
      <BodyImageForm csrfToken={csrfToken} markdown={actionData?.bodyImage} error={actionData?.bodyImageError} />
    </>
  );
}
