import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DatabaseHandle } from "../../../db/client.ts";
import { blogPosts } from "../../../db/schema.ts";
import { cloneTemplate } from "../../../tests/support/template-db.ts";
import { ReadModels } from "../../../core/shared/read-model.server.ts";
import { routerContextOf } from "../../framework/router-context.server.ts";
import type { AppContext } from "../../load-context.ts";
import BlogList, { loader } from "./blog-list.tsx";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
});
afterAll(async () => {
  await database.close();
});

async function render(query = "") {
  const request = new Request(`http://localhost/blog${query}`);
  const loaderData = await loader({
    context: routerContextOf({ db: database.db, readModels: new ReadModels(database.db) } as AppContext),
    request,
    params: {},
  } as any);
  const page = createElement(BlogList as any, { loaderData });
  return {
    loaderData,
    html: renderToStaticMarkup(createElement(MemoryRouter, { initialEntries: [`/blog${query}`] }, page)),
  };
}

async function keepPosts(n: number) {
  const rows = await database.db.select({ id: blogPosts.id }).from(blogPosts).orderBy(sql`${blogPosts.id} desc`);
  const extra = rows.slice(n).map((row) => row.id);
  if (extra.length > 0) await database.db.delete(blogPosts).where(inArray(blogPosts.id, extra));
}

async function status(query: string): Promise<number> {
  try {
    await render(query);
    return 200;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
}

describe("blog list page", () => {
  it("pages the seeded posts six at a time with a pager", async () => {
    const first = await render();
    expect(first.loaderData.posts).toHaveLength(6);
    expect(first.html).toContain('aria-label="Blog pages"');
    const third = await render("?page=3");
    expect(third.loaderData.page).toBe(3);
    expect(third.html).toContain('href="/blog?page=2"');
  });

  it("answers 404 past the last page and 400 for a malformed page", async () => {
    expect(await status("?page=4")).toBe(404);
    expect(await status("?page=0")).toBe(400);
    expect(await status("?page=two")).toBe(400);
  });

  it("shows the pager only when there are more than six posts", async () => {
    await keepPosts(7);
    expect((await render()).html).toContain('aria-label="Blog pages"');
    await keepPosts(6);
    const { html, loaderData } = await render();
    expect(loaderData.posts).toHaveLength(6);
    expect(html).not.toContain('aria-label="Blog pages"');
    expect(html).not.toContain("?page=");
  });
});
