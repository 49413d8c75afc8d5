import { pageUrlOf } from "../../../framework/data-requests.ts";
import { appContext } from "../../../load-context.ts";
import { Link } from "react-router";
import { getStaffBlogPost, updateBlogPost } from "../../../../core/content/blog-admin.server.ts";
import { BlogForm, BodyImageForm } from "../../../components/staff/blog-form.tsx";
import { Notice } from "../../../components/staff/form.tsx";
import { blogFormAction } from "../../../lib/blog-form.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/edit";

const NOTICES: Record<string, string> = {
  created: "Post saved.",
  saved: "Changes saved. The public site shows them within a few seconds.",
};

const postId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : 0);

/** /staff/blog/{id}: a post's fields, status and preview link. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    const post = await getStaffBlogPost(context.get(appContext).db, actor, postId(params.id), new Date());
    return { csrfToken, post, notice: NOTICES[pageUrlOf(request).searchParams.get("done") ?? ""] ?? null };
  } catch (error) {
    staffFailure(error);
  }
}

export function action({ request, context, params }: Route.ActionArgs) {
  return blogFormAction(
    request,
    context.get(appContext).db,
    (actor, values, hero) =>
      updateBlogPost(context.get(appContext).db, actor, postId(params.id), values, hero, new Date()),
    (id) => `/staff/blog/${id}?done=saved`,
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.post.values.title ?? "Blog post"}${STAFF_TITLE_SUFFIX}` },
];

export default function EditBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, post, notice } = loaderData;
  return (
    <>
      <p>
        <Link to="/staff/blog" className="text-brand-red underline">
          Blog posts
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{post.values.title}</h1>
      <p className="mt-2">
        Status: <strong>{post.status}</strong>.{" "}
        <Link to={`/staff/blog/${post.id}/preview`} className="text-brand-red underline">
          Preview it as a visitor would see it
        </Link>
        {post.status === "Published" ? (
          <>
            {" · "}
            <a href={`/blog/${post.slug}`} className="text-brand-red underline">
              See it on the public site
            </a>
          </>
        ) : null}
      </p>
      <div className="mt-4">
        <Notice>{notice}</Notice>
      </div>
      <BlogForm
        key={post.version}
        csrfToken={csrfToken}
        values={actionData?.values ?? post.values}
        errors={actionData?.errors ?? {}}
        imageUri={post.imageUri}
        submitLabel="Save changes"
      />
      <BodyImageForm csrfToken={csrfToken} markdown={actionData?.bodyImage} error={actionData?.bodyImageError} />
    </>
  );
}
