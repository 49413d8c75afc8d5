import { pageUrlOf } from "../../framework/data-requests.ts";
import { appContext } from "../../load-context.ts";
import { data, Link } from "react-router";
import { BLOG_PAGE_SIZE, blogPage, blogPostsModel, toBlogPostView } from "../../../core/content/blog.server.ts";
import { BlogPicture } from "../../components/blog-picture.tsx";
import { formatDate } from "../../../core/shared/format.ts";
import { pageCount, parsePageParam } from "../../lib/paging.ts";
import type { Route } from "./+types/blog-list";
import { pageMeta, pageTitle } from "../../lib/meta.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page ?? 1;
  return pageMeta(args, {
    title: pageTitle(page > 1 ? `News, page ${page}` : "News"),
    description:
      "News, buying advice and motoring tips from the Honda Dealer Group: finance, servicing, safety and riding in South Africa.",
  });
}

/** product.md §2: the blog list, 6 a page; ?page= outside the list is 404, a malformed page 400. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const page = parsePageParam(pageUrlOf(request).searchParams.get("page"));
  if (page === null) throw data("The page number must be a whole number from 1 up.", { status: 400 });
  const { posts: shown, total } = blogPage(
    await context.get(appContext).readModels.read(blogPostsModel),
    page,
    new Date(),
  );
  const posts = shown.map((post) => ({ ...toBlogPostView(post), picture: post.picture }));
  if (page > 1 && posts.length === 0) throw data(null, { status: 404 });
  // product.md §9: the pager only when the total exceeds one page.
  return { posts, page, pages: pageCount(total, BLOG_PAGE_SIZE), showPager: total > BLOG_PAGE_SIZE };
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages, showPager } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">News</h1>
      <p className="mt-3 max-w-3xl text-lg text-brand-grey-light">
        Buying advice, ownership tips and news from our dealers.
      </p>
      {posts.length === 0 ? (
        <p className="mt-8">There are no articles yet.</p>
      ) : (
        <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, index) => (
            <li key={post.slug}>
              <article className="flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
                <BlogPicture
                  post={post}
                  sizes="(min-width: 1280px) 24rem, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw"
                  eager={index < 3}
                  className="aspect-video h-auto w-full object-cover"
                />
                <div className="flex flex-1 flex-col p-5">
                  <p className="text-sm text-brand-grey-light">
                    <time dateTime={post.publish_date}>{formatDate(post.publish_date)}</time> · {post.author}
                  </p>
                  <h2 className="mt-2 text-xl font-bold">
                    <Link
                      to={`/blog/${post.slug}`}
                      className="text-brand-grey underline-offset-4 hover:text-brand-red hover:underline"
                    >
                      {post.title}
                    </Link>
                  </h2>
                  <p className="mt-2 flex-1 text-brand-grey-light">{post.description}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {showPager && <Pager page={page} pages={pages} />}
    </div>
  );
}

function Pager({ page, pages }: { page: number; pages: number }) {
  const href = (n: number) => (n === 1 ? "/blog" : `/blog?page=${n}`);
  const base =
    "inline-flex min-w-11 items-center justify-center rounded border px-3 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-red";
  return (
    <nav aria-label="Blog pages" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} className={`${base} border-gray-300 hover:border-brand-red`}>
              Previous<span className="sr-only"> page</span>
            </Link>
          </li>
        )}
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={href(n)}
              aria-current={n === page ? "page" : undefined}
              className={`${base} ${n === page ? "border-brand-red bg-brand-red text-white" : "border-gray-300 hover:border-brand-red"}`}
            >
              <span className="sr-only">Page </span>
              {n}
            </Link>
          </li>
        ))}
        {page < pages && (
          <li>
            <Link to={href(page + 1)} className={`${base} border-gray-300 hover:border-brand-red`}>
              Next<span className="sr-only"> page</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
