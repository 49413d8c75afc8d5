import { data } from "react-router";
import { findBlogPost } from "../../../core/content/blog.ts";
import { BLOG_IMAGE_SIZE } from "../../../core/media/shapes.ts";
import { formatDate } from "../../../core/shared/format.ts";
import { preloadLcpImage } from "../../lib/preload.ts";
import type { Route } from "./+types/blog-post";
import { pageMeta, pageTitle } from "../../lib/meta.ts";
import { blogPostingJsonLd } from "../../lib/structured-data.ts";

/** SPEC section 2: page title from meta_title, meta description, keywords when present. */
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

export async function loader({ context, params }: Route.LoaderArgs) {
  const post = await findBlogPost(context.db, params.slug);
  if (!post) throw data(null, { status: 404 });
  return { post };
}

/** One post: hero image, author, title, date as DD.MM.YYYY and the body, sanitised on the server by core. */
export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  preloadLcpImage(post.image.uri);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <img
        src={post.image.uri}
        alt=""
        width={BLOG_IMAGE_SIZE.width}
        height={BLOG_IMAGE_SIZE.height}
        fetchPriority="high"
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
