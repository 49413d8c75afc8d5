import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import { builtSite } from "../tests/support/page-server.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";
import { PAGE_BODY_LIMITS } from "./body-limits.ts";

let site: TestServer;
beforeAll(async () => {
  site = await startTestServer({ ...(await builtSite()), bodyLimits: PAGE_BODY_LIMITS, rateLimiter: new MemoryRateLimiter(1_000, 600_000) });
});
afterAll(() => site.close());

/** A multipart form with one 1 MB "photo" (not a real one): larger than the guard's 64 KB for other forms. */
function formWithLargeFile(): FormData {
  const form = new FormData();
  form.set("first_name", "Pieter");
  form.set("photos", new Blob([Buffer.alloc(1024 * 1024, 7)], { type: "image/jpeg" }), "car.jpg");
  return form;
}

const postForm = (path: string) => fetch(site.baseUrl + path, { method: "POST", body: formWithLargeFile(), headers: { Origin: site.baseUrl } });

describe("the sell-your-car form's body limit", () => {
  it("takes a form with photos on /sell-your-car and /dealer/{name}/sell-your-car, and answers the form's problems (422)", async () => {
    for (const path of ["/sell-your-car", "/dealer/honda-sandton/sell-your-car"]) {
      const answer = await postForm(path);
      expect(answer.status, path).toBe(422);
      expect(await answer.text()).toContain("Please enter your last name");
    }
  });

  it("still refuses the same body on other forms with 413", async () => {
    expect((await postForm("/parts")).status).toBe(413);
    expect((await postForm("/service")).status).toBe(413);
  });
});
