import { appContext } from "../../../load-context.ts";
import { Link } from "react-router";
import { previewBlogPost } from "../../../../core/content/blog-admin.server.ts";
import { blogStatusLabel, toBlogPostDetail } from "../../../../core/content/blog.server.ts";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import { BlogArticle } from "../../blog/blog-post.tsx";
import type { Route } from "./+types/preview";

/**
 * /staff/blog/{id}/preview: the post as a visitor would see it, whatever its status. Staff only; like every
 * /staff page it is never cached (no-store) nor indexed (noindex: server/middleware/caching.ts).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  try {
    const post = await previewBlogPost(
      context.get(appContext).db,
      actor,
      /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0,
    );
    return {
      id: post.id,
      status: blogStatusLabel(post, new Date()),
      post: { ...toBlogPostDetail(post), picture: post.picture },
    };
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `Preview: ${loaderData?.post.title ?? "Blog post"}${STAFF_TITLE_SUFFIX}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function BlogPreview({ loaderData }: Route.ComponentProps) {
  const { id, status, post } = loaderData;
  return (
    <>
      <div role="note" aria-label="Preview" className="rounded border-2 border-brand-grey bg-gray-50 p-4">
        <p className="font-semibold">
          Preview of a {status.toLowerCase()} post.{" "}
          <Link to={`/staff/blog/${id}`} className="text-brand-red underline">
            Back to editing
          </Link>
        </p>
      </div>
      <BlogArticle post={post} />
    </>
  );
}
