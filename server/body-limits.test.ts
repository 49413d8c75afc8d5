import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import { builtSite } from "../tests/support/page-server.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";
import { createStaffUser, signIn, TEST_STAFF_PASSWORD } from "../tests/support/staff.ts";

/** The site as it runs: every route's limit of server/body-limits.ts (createApp's default). */
let site: TestServer;
beforeAll(async () => {
  site = await startTestServer({ ...(await builtSite()), rateLimiter: new MemoryRateLimiter(1_000, 600_000) });
});
afterAll(() => site.close());

/** A multipart form with one 1 MB "photo" (not a real one): larger than the guard's 64 KB for other forms. */
function formWithLargeFile(): FormData {
  const form = new FormData();
  form.set("first_name", "Pieter");
  form.set("photos", new Blob([Buffer.alloc(1024 * 1024, 7)], { type: "image/jpeg" }), "car.jpg");
  return form;
}

const postForm = (path: string) =>
  fetch(site.baseUrl + path, { method: "POST", body: formWithLargeFile(), headers: { Origin: site.baseUrl } });

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

describe("the back office's stock import", () => {
  it("takes a CSV over 64 KB from the page's script (its data address) and answers the dry run's report", async () => {
    await createStaffUser(site.database.db, {
      email: "import-limit@honda.example",
      role: "group_admin",
      password: TEST_STAFF_PASSWORD,
    });
    const session = await signIn(site.baseUrl, "import-limit@honda.example", TEST_STAFF_PASSWORD);
    const rows = Array.from(
      { length: 1200 },
      (_, n) => `PLK-LIMIT-${n},Honda,Jazz,1.5 Comfort,2019,${60_000 + n},219900,Manual,Petrol,Silver,Used`,
    );
    const csv = [
      "stockNumber,make,model,variant,year,mileage,price,transmission,fuelType,colour,condition",
      ...rows,
    ].join("\n");
    expect(csv.length).toBeGreaterThan(64 * 1024);
    const form = new FormData();
    form.set("csrf", session.csrfToken);
    form.set("dealer", "honda-polokwane");
    form.set("dryRun", "on");
    form.set("feed", new Blob([csv], { type: "text/csv" }), "polokwane.csv");
    for (const path of ["/staff/stock/import.data", "/staff/stock/import"]) {
      const answer = await fetch(site.baseUrl + path, {
        method: "POST",
        body: form,
        headers: { Cookie: session.cookie, Origin: site.baseUrl },
      });
      expect(answer.status, path).toBe(200);
      const body = await answer.text();
      expect(body, path).toContain("PLK-LIMIT-1199");
    }
  });
});
