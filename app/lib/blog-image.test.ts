import { expect, it } from "vitest";
import { BLOG_IMAGE_SIZE } from "../../core/media/blog-art.ts";
import { BLOG_IMAGE } from "./blog-image.ts";

it("gives blog images the size the artwork is drawn at", () => {
  expect(BLOG_IMAGE).toEqual(BLOG_IMAGE_SIZE);
});
