/**
 * Size of a blog post's header illustration, for the <img> width and height. The same figure as
 * core/media/blog-art.ts BLOG_IMAGE_SIZE, repeated here so the pages' client code does not pull the
 * drawing code into the browser (blog-image.test.ts keeps the two equal).
 */
export const BLOG_IMAGE = { width: 1200, height: 675 } as const;
