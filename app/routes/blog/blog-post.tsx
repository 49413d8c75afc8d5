import { appContext } from "../../load-context.ts";
import { data } from "react-router";
import {
  blogPostsModel,
  type PictureSources,
  publicPost,
  toBlogPostDetail,
  type BlogPostDetail,
} from "../../../core/content/blog.server.ts";
import { formatDate } from "../../../core/shared/format.ts";
import { BlogPicture } from "../../components/blog-picture.tsx";
import type { Route } from "./+types/blog-post";
import { pageMeta, pageTitle } from "../../lib/meta.ts";
import { blogPostingJsonLd } from "../../lib/structured-data.ts";
import { PUBLIC_PAGE } from "../../lib/page-cache-rule.ts";

/** The same page for every visitor: the rendered-page cache may keep it (decision 047). */
export const handle = PUBLIC_PAGE;

/** product.md §2: page title from meta_title, meta description, keywords when present. */
export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [{ title: pageTitle("Page not found") }, { name: "robots", content: "noindex" }];
  const { post } = page;
  return [
    ...pageMeta(args, {
      title: post.meta_title,
      description: post.meta_description,
      type: "article",
      image: post.image.uri,
      jsonLd: (siteUrl) => [blogPostingJsonLd(siteUrl, post)],
    }),
    ...(post.keywords ? [{ name: "keywords", content: post.keywords }] : []),
    { property: "article:published_time", content: post.publish_date },
  ];
}

/** A post published at or before now; a draft, a scheduled post or an unknown slug is 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const post = publicPost(await context.get(appContext).readModels.read(blogPostsModel), params.slug, new Date());
  if (!post) throw data(null, { status: 404 });
  return { post: { ...toBlogPostDetail(post), picture: post.picture } };
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return <BlogArticle post={loaderData.post} />;
}

/** One post: hero image, author, title, date as DD.MM.YYYY and the body, sanitised on the server by core (also the staff preview). */
export function BlogArticle({ post }: { post: BlogPostDetail & { picture?: PictureSources } }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <BlogPicture
        post={post}
        sizes="(min-width: 768px) 46rem, 100vw"
        lcp
        className="aspect-video h-auto w-full rounded-lg object-cover"
      />
      <h1 className="mt-8 text-3xl font-bold leading-tight sm:text-4xl">{post.title}</h1>
      <p className="mt-3 text-brand-grey-light">
        By <span className="font-semibold text-brand-grey">{post.author}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={post.publish_date} className="font-semibold text-brand-grey">
          {formatDate(post.publish_date)}
        </time>
      </p>
      <div
        className="prose-site mt-8 text-lg leading-relaxed"
        // The body was sanitised on the server by core/content (sanitize-html, an allow-list).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML
        dangerouslySetInnerHTML={{ __html: post.body }}
      />
    </article>
  );
}
