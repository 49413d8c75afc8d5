import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { serveOverHttp } from "../tests/support/page-server.ts";
import { createApp } from "./app.ts";
import { WriteQueue } from "../core/shared/write-queue.ts";
import { CLIENT_CLOSED_REQUEST, PAGE_RENDER_LIMITS, renderInTurn } from "./page-renders.ts";
import { createLogger } from "./logger.ts";

/**
 * Pages render in turns (server/page-renders.ts, decision 063): a page handler the test holds shows how many run
 * at once, that the next starts when one ends, and that a page with no place to wait is answered 503 with
 * Retry-After rather than held without bound.
 */
describe("pages rendered in turns", () => {
  let database: DatabaseHandle;
  let site: Awaited<ReturnType<typeof serveOverHttp>>;
  const held: { path: string; finish: () => void }[] = [];
  let running = 0;
  let mostAtOnce = 0;

  beforeAll(async () => {
    database = await openDatabase({ pglite: new PGlite() });
    const app = createApp({
      db: database.db,
      logger: createLogger("silent"),
      pageMethods: () => ["GET", "HEAD", "POST"],
      renderLimits: { concurrency: 2, maxWaiting: 1, maxWaitMs: 60_000, retryAfterSeconds: 2 },
      pageHandler: async (request) => {
        const read = request.method === "GET";
        if (read) running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise<void>((finish) => held.push({ path: new URL(request.url).pathname, finish }));
        if (read) running -= 1;
        return new Response(`<p>${new URL(request.url).pathname}</p>`, { headers: { "Content-Type": "text/html" } });
      },
    });
    site = await serveOverHttp(app);
  });
  afterAll(async () => {
    for (const render of held) render.finish();
    await site?.close();
    await database?.close();
  });

  it("renders two at once, starts the next when one ends, and refuses one with no place to wait", async () => {
    const ask = (path: string) =>
      fetch(site.baseUrl + path).then(async (response) => ({
        path,
        status: response.status,
        retryAfter: response.headers.get("Retry-After"),
        body: await response.text(),
      }));
    const firstTwo = ["/first", "/second"].map(ask);
    await vi.waitFor(() => expect(held.map((render) => render.path).sort()).toEqual(["/first", "/second"]));
    // Two more: one takes the one place to wait, the other is refused at once.
    const lastTwo = ["/third", "/fourth"].map(ask);
    const refused = await Promise.race(lastTwo);
    expect(refused).toMatchObject({ status: 503, retryAfter: "2" });
    expect(refused.body).toContain("We will be right back");
    expect(held).toHaveLength(2);
    // A form's write does not wait for a turn (it waits in the write queue, and answers its own refusal).
    const form = fetch(`${site.baseUrl}/form`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.baseUrl },
      body: "name=Sipho",
    });
    await vi.waitFor(() => expect(held.map((render) => render.path)).toContain("/form"));
    held.find((render) => render.path === "/form")!.finish();
    expect((await form).status).toBe(200);

    held.find((render) => render.path === "/first")!.finish();
    const waited = refused.path === "/third" ? "/fourth" : "/third";
    await vi.waitFor(() => expect(held.map((render) => render.path)).toContain(waited));
    for (const render of held) render.finish();
    const answers = await Promise.all([...firstTwo, ...lastTwo]);
    expect(answers.filter((answer) => answer.status === 200).map((answer) => answer.body)).toEqual([
      "<p>/first</p>",
      "<p>/second</p>",
      `<p>${waited}</p>`,
    ]);
    expect(mostAtOnce).toBe(2);
  });

  it("renders nothing for a visitor who left while the page waited", async () => {
    const gone = new AbortController();
    gone.abort();
    const render = vi.fn(async () => new Response("<p>page</p>"));
    const answer = await renderInTurn(
      new WriteQueue(PAGE_RENDER_LIMITS),
      new Request("http://localhost/", { signal: gone.signal }),
      render,
    );
    expect(render).not.toHaveBeenCalled();
    expect(answer.status).toBe(CLIENT_CLOSED_REQUEST);
    expect(
      await renderInTurn(new WriteQueue(PAGE_RENDER_LIMITS), new Request("http://localhost/"), render).then((r) =>
        r.text(),
      ),
    ).toBe("<p>page</p>");
  });
});
