import { pageUrlOf } from "../../../framework/data-requests.ts";
import { appContext } from "../../../load-context.ts";
import { Link } from "react-router";
import { listStaffBlogPosts } from "../../../../core/content/blog-admin.server.ts";
import { buttonClass, Notice } from "../../../components/staff/form.tsx";
import { PhoneLine, wideOnly } from "../../../components/staff/phone-fold.tsx";
import { ScrollableTable } from "../../../components/staff/scrollable-table.tsx";
import { STAFF_TITLE_SUFFIX } from "../../../lib/staff-navigation.ts";
import { formatDateTime } from "../../../lib/staff-time.ts";
import { requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/list";

/** /staff/blog: every post, newest publish time first, with its status (Draft, Scheduled, Published). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request);
  try {
    const posts = await listStaffBlogPosts(context.get(appContext).db, actor, new Date());
    return { posts, notice: pageUrlOf(request).searchParams.get("done") === "created" ? "Post saved." : null };
  } catch (error) {
    staffFailure(error);
  }
}

export const meta = () => [{ title: `Blog posts${STAFF_TITLE_SUFFIX}` }];

export default function StaffBlogList({ loaderData }: Route.ComponentProps) {
  const { posts, notice } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Blog posts</h1>
        <Link to="/staff/blog/new" className={buttonClass}>
          Write a post
        </Link>
      </div>
      <div className="mt-4">
        <Notice>{notice}</Notice>
      </div>
      <ScrollableTable label="Blog posts">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Blog posts, newest first</caption>
          <thead>
            <tr className="border-b-2 border-brand-grey">
              <th scope="col" className="py-2 pr-4">
                Title
              </th>
              <th scope="col" className={`py-2 pr-4 ${wideOnly}`}>
                Status
              </th>
              <th scope="col" className={`py-2 pr-4 ${wideOnly}`}>
                Publish time
              </th>
              <th scope="col" className={`py-2 pr-4 ${wideOnly}`}>
                Author
              </th>
            </tr>
          </thead>
          <tbody>
            {posts.map((post) => (
              <tr key={post.id} className="border-b border-gray-300">
                <td className="py-2 pr-4">
                  <Link to={`/staff/blog/${post.id}`} className="font-semibold text-brand-red underline">
                    {post.title}
                  </Link>
                  <PhoneLine parts={[post.status, formatDateTime(post.publishedAt), post.author]} />
                </td>
                <td className={`py-2 pr-4 ${wideOnly}`}>{post.status}</td>
                <td className={`py-2 pr-4 ${wideOnly}`}>{formatDateTime(post.publishedAt)}</td>
                <td className={`py-2 pr-4 ${wideOnly}`}>{post.author}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollableTable>
    </>
  );
}
