import { SLUG_PATTERN, slugFromTitle } from "../shared/slug.ts";
import { parseSastDateTime } from "./schedule.ts";
import { z } from "../shared/zod.ts";
import { hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE } from "../shared/text-rules.ts";
import { type Parsed, violationsFromZod } from "../shared/violations.ts";
import { formatNumber } from "../shared/format.ts";

/**
 * A blog post as the back office writes it: the form's fields, their labels and rules. Input
 * comes as form strings; blanks count as missing. The body is Markdown; the service turns it into
 * sanitised HTML.
 */
export const BLOG_FIELD_LABELS = {
  title: "Title",
  slug: "Address (slug)",
  author: "Author",
  description: "Summary",
  body: "Body",
  metaTitle: "Meta title",
  metaDescription: "Meta description",
  keywords: "Keywords",
  status: "Status",
  publishAt: "Publish date and time",
  heroImage: "Hero image",
} as const;

export type BlogField = keyof typeof BLOG_FIELD_LABELS;

const MAX_BLOG_BODY = 100_000;
/** `<input type="datetime-local">`: South African time, to the minute (seconds too, when a browser sends them). */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/;

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

function textRule(label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .max(max, `${label} must be at most ${formatNumber(max)} characters`)
    .refine(hasOnlyAcceptableCharacters, UNACCEPTABLE_CHARACTERS_MESSAGE);
}
const text = (label: string, max: number) => z.preprocess(blank, textRule(label, max));
const optionalText = (label: string, max: number) => z.preprocess(blank, textRule(label, max).optional());

const blogPostSchema = z.object({
  title: text("Title", 150),
  slug: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(80, "Address (slug) must be at most 80 characters")
      .regex(SLUG_PATTERN, "Address (slug) may contain only lower-case letters, digits and single hyphens between them")
      .optional(),
  ),
  author: text("Author", 100),
  description: text("Summary", 300),
  body: text("Body", MAX_BLOG_BODY),
  metaTitle: optionalText("Meta title", 150),
  metaDescription: optionalText("Meta description", 300),
  keywords: optionalText("Keywords", 300),
  status: z.enum(["draft", "published"], { error: "Status must be Draft or Published" }),
  publishAt: z.preprocess(
    blank,
    z
      .string()
      .regex(LOCAL_DATE_TIME, "Publish date and time must be a date and time, like 2026-12-05 08:00")
      .refine(
        (value) => !LOCAL_DATE_TIME.test(value) || parseSastDateTime(value) !== null,
        "Publish date and time is not a real date between 2000 and 2100",
      )
      .optional(),
  ),
});

export type BlogPostInput = {
  title: string;
  slug: string;
  author: string;
  description: string;
  /** Markdown. */
  body: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string | null;
  status: "draft" | "published";
  publishedAt: Date;
};

/**
 * Reads the form's fields. A missing slug is made from the title, missing meta fields default to the title
 * and summary, and a missing publish time is `now` (to the minute, as the form shows it).
 */
export function parseBlogPost(values: Partial<Record<BlogField, string>>, now: Date): Parsed<BlogPostInput> {
  const parsed = blogPostSchema.safeParse(values);
  if (!parsed.success) return { ok: false, violations: violationsFromZod(parsed.error) };
  const post = parsed.data;
  const slug = post.slug ?? slugFromTitle(post.title);
  if (!slug)
    return {
      ok: false,
      violations: [
        {
          propertyPath: "slug",
          message: "Address (slug) is required: the title has no letters or digits to make one from",
        },
      ],
    };
  return {
    ok: true,
    value: {
      title: post.title,
      slug,
      author: post.author,
      description: post.description,
      body: post.body,
      metaTitle: post.metaTitle ?? post.title,
      metaDescription: post.metaDescription ?? post.description,
      keywords: post.keywords ?? null,
      status: post.status,
      publishedAt: post.publishAt
        ? parseSastDateTime(post.publishAt)!
        : new Date(Math.floor(now.getTime() / 60_000) * 60_000),
    },
  };
}
