import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LinkSigner, manageAppointmentPath } from "../../core/appointments/links.server.ts";
import { submitFinanceApplication } from "../../core/finance/applications.server.ts";
import { FinanceCipher } from "../../core/finance/encryption.server.ts";
import { MemoryRateLimiter } from "../../core/shared/rate-limiter.ts";
import { appointments, banners, blogPosts, deals, enquiries, usedVehicles } from "../../db/schema.ts";
import { errorPage } from "../../server/app.ts";
import { validFinanceApplication } from "../support/finance-fixture.ts";
import { builtSite } from "../support/page-server.ts";
import { createStaffUser, signIn, TEST_STAFF_PASSWORD } from "../support/staff.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

/**
 * Every page template through the Nu Html Checker (vnu-jar, on the machine's Java): a rendered sample of
 * every route, with and without a /dealer/{name} prefix, the finance form (every step of the wizard is one
 * server-rendered form) with and without its error messages, an enquiry form's error state and the
 * not-found page and the page of an error the renderer could not handle (500, 503), a buyer's appointment
 * page, the alert links' pages, and every page of the back office. The pages are fetched over HTTP from the
 * built site and checked in one run of the checker, which takes seconds to start.
 */
const DEALER = "/dealer/honda-sandton";
const VNU_TIMEOUT_MS = 150_000;
const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

let site: TestServer;
const financeCipher = FinanceCipher.ephemeral();
const linkSigner = LinkSigner.ephemeral();
beforeAll(async () => {
  site = await startTestServer({
    ...(await builtSite()),
    rateLimiter: new MemoryRateLimiter(1_000, 600_000),
    financeCipher,
    linkSigner,
  });
});
afterAll(() => site.close());

async function firstMember(apiPath: string): Promise<any> {
  return (await site.get(apiPath)).body["hydra:member"][0];
}

async function sampleRoutes(): Promise<string[]> {
  const vehicle = await firstMember("/api/vehicles");
  // Under /dealer/{name} a vehicle's page is that dealer's vehicle's (another dealer's is not found there).
  const dealersVehicle = await firstMember(`/api/vehicles?dealer[]=${DEALER.split("/").pop()}`);
  const special = await firstMember("/api/specials");
  const post = await firstMember("/api/blog");
  const scoped = (vehicleUri: string) => [
    "/new",
    "/new/honda",
    "/new/honda/cr-v",
    "/honda-wing/honda/nx500",
    "/specials",
    "/dealer",
    "/honda-wing",
    "/popia",
    "/terms",
    "/cookie",
    "/policy",
    "/used",
    "/used/honda",
    "/used/honda/jazz",
    vehicleUri,
    "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
    `${vehicleUri}/enquire`,
    `/specials/${special.slug}`,
    "/parts",
    "/service",
    "/book-test-drive/honda/cr-v",
    "/parts/thank-you",
    "/no-such-page",
    "/sell-your-car",
  ];
  const wing = [
    "/honda-wing/honda/nx500/manual/enquire",
    "/dealer/honda-wing-midrand/honda-wing/honda/nx500/manual/enquire",
  ];
  const groupOnly = [
    "/",
    DEALER,
    "/finance",
    "/finance/thank-you",
    "/blog",
    `/blog/${post.slug}`,
    "/contact",
    "/api/docs",
    // The shortlists and the alert form
    `/saved?ids=${vehicle.id},999999999`,
    `/compare?ids=${vehicle.id}&from=Gauteng`,
    `/compare?ids=${vehicle.id}&variants=honda.cr-v.1-5t-comfort-cvt,honda.nx500.manual&from=Gauteng`,
    "/alerts/new?bodyType[]=SUV&price[lte]=350000",
    // The links of an alert's e-mails (a token of the right form that matches no address: the pages still render)
    `/alerts/confirm/${ALERT_TOKEN}`,
    `/alerts/manage/${ALERT_TOKEN}`,
    `/alerts/unsubscribe/${ALERT_TOKEN}`,
    await bookedAppointmentPage(),
  ];
  return [...groupOnly, ...scoped(vehicle.uri), ...scoped(dealersVehicle.uri).map((route) => DEALER + route), ...wing];
}

const ALERT_TOKEN = "markupmarkupmarkupmarkupmarkup12";

/** The deliberate not-found samples: the only routes here that answer 404; every other sample is a page and answers 200. */
const NOT_FOUND_ROUTES = new Set(["/no-such-page", `${DEALER}/no-such-page`]);
const expectedStatus = (route: string) => (NOT_FOUND_ROUTES.has(route) ? 404 : 200);

/** A buyer's appointment page, through the signed link of a service booked on the site's own form. */
async function bookedAppointmentPage(): Promise<string> {
  const slots = (await site.get("/api/dealers/honda-sandton/slots?type=service")).body["hydra:member"] as {
    start: string;
  }[];
  const start = slots[0]!.start;
  const booking = await fetch(`${site.baseUrl}/service`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.baseUrl },
    body: new URLSearchParams({
      first_name: "Ayanda",
      last_name: "Khumalo",
      email: "ayanda.markup@example.co.za",
      cell_phone: "083 444 1212",
      make: "Honda",
      model: "Jazz",
      year: "2018",
      message: "A service, please.",
      dealer_slug: "honda-sandton",
      contact: "on",
      terms: "on",
      website: "",
      appointment_date: start.slice(0, 10),
      appointment_time: start.slice(11, 16),
      rendered_at: String(Date.now() - 120_000),
    }),
  });
  expect(booking.status, "service booking").toBe(303);
  const [appointment] = await site.database.db
    .select({ id: appointments.id, start: appointments.startsAt, version: appointments.version })
    .from(appointments)
    .limit(1);
  return manageAppointmentPath(linkSigner, appointment!);
}

/** The id of a table's first row: a record for the back office's pages that show one. */
async function firstId(table: typeof usedVehicles | typeof blogPosts | typeof deals | typeof banners): Promise<number> {
  const [row] = await site.database.db.select({ id: table.id }).from(table).limit(1);
  if (!row) throw new Error("the seed has no row for a back-office page");
  return row.id;
}

/** The back office's pages: those open without a session, and each signed-in page as an administrator sees it. */
async function staffPages(): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const route of ["/staff/login", "/staff/forgot-password", "/staff/set-password", "/staff/setup"]) {
    pages.set(`GET ${route}`, await (await fetch(site.baseUrl + route)).text());
  }
  const { id } = await createStaffUser(site.database.db, {
    email: "markup@example.co.za",
    role: "group_admin",
    password: TEST_STAFF_PASSWORD,
  });
  const { cookie } = await signIn(site.baseUrl, "markup@example.co.za", TEST_STAFF_PASSWORD);
  const [lead] = await site.database.db.select({ id: enquiries.id }).from(enquiries).limit(1);
  const finance = await submitFinanceApplication(
    site.database.db,
    financeCipher,
    validFinanceApplication({ dealership: "honda-sandton" }),
  );
  if (!finance.ok) throw new Error("finance application not stored");
  const [vehicle, post, deal, banner] = [
    await firstId(usedVehicles),
    await firstId(blogPosts),
    await firstId(deals),
    await firstId(banners),
  ];
  const signedIn = [
    "/staff",
    "/staff/accounts",
    `/staff/accounts/${id}`,
    "/staff/account",
    "/staff/audit",
    "/staff/vitals",
    "/staff/leads",
    "/staff/leads/report",
    "/staff/insights",
    "/staff/insights?stock=over-60&sort=views&dir=asc",
    `/staff/leads/${lead!.id}`,
    `/staff/leads/${finance.status.id}`,
    `/staff/finance/${finance.status.id}`,
    "/staff/stock",
    "/staff/stock/new",
    `/staff/stock/${vehicle}`,
    `/staff/stock/${vehicle}/photos`,
    "/staff/stock/import",
    "/staff/feeds",
    "/staff/blog",
    "/staff/blog/new",
    `/staff/blog/${post}`,
    `/staff/blog/${post}/preview`,
    "/staff/dealers",
    "/staff/dealers/new",
    "/staff/dealers/honda-sandton",
    "/staff/specials",
    "/staff/specials/new",
    `/staff/specials/${deal}`,
    `/staff/specials/${deal}/preview`,
    "/staff/banners",
    "/staff/banners/new",
    `/staff/banners/${banner}`,
  ];
  for (const route of signedIn) {
    const response = await fetch(site.baseUrl + route, { headers: { Cookie: cookie } });
    expect(response.status, route).toBe(200);
    pages.set(`GET ${route} (signed in)`, await response.text());
  }
  const notFound = await fetch(`${site.baseUrl}/staff/no-such-page`, { headers: { Cookie: cookie } });
  expect(notFound.status, "/staff/no-such-page").toBe(404);
  pages.set("GET /staff/no-such-page (signed in)", await notFound.text());
  return pages;
}

async function postedForm(route: string): Promise<string> {
  const response = await fetch(site.baseUrl + route, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.baseUrl },
    body: "first_name=&email=not-an-email",
  });
  expect(response.status, `POST ${route}`).toBe(422);
  return response.text();
}

type VnuMessage = { type: string; url: string; message: string; extract?: string; lastLine?: number };

async function checkWithVnu(files: string[]): Promise<VnuMessage[]> {
  // vnu reports on stderr as JSON and exits 1 when it finds errors; --exit-zero-always keeps the report readable.
  const { stderr } = await promisify(execFile)(
    "java",
    ["-jar", vnuJar, "--format", "json", "--exit-zero-always", ...files],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
}

describe("the markup of every page template", () => {
  it("passes the Nu Html Checker with no errors", { timeout: VNU_TIMEOUT_MS }, async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "honda-vnu-"));
    try {
      const pages = new Map<string, string>();
      for (const route of await sampleRoutes()) {
        const response = await fetch(site.baseUrl + route);
        expect(response.status, route).toBe(expectedStatus(route));
        pages.set(`GET ${route}`, await response.text());
      }
      pages.set("POST /finance (errors)", await postedForm("/finance"));
      pages.set("POST /service (errors)", await postedForm("/service"));
      pages.set("POST /sell-your-car (errors)", await postedForm("/sell-your-car"));
      pages.set(`POST ${DEALER}/parts (errors)`, await postedForm(`${DEALER}/parts`));
      for (const [name, html] of await staffPages()) pages.set(name, html);
      pages.set("error page 500", errorPage(500, "markupnonce"));
      pages.set("error page 503", errorPage(503, "markupnonce"));
      const files = new Map<string, string>();
      let n = 0;
      for (const [name, html] of pages) {
        const file = path.join(dir, `page-${n++}.html`);
        await fs.writeFile(file, html);
        files.set(`file:${file}`, name);
      }
      const errors = (await checkWithVnu([...files.keys()].map((url) => url.slice("file:".length))))
        .filter((message) => message.type === "error" || message.type === "non-document-error")
        // The inlined stylesheet (decision 036) is Tailwind's built CSS, whose @property and newer properties vnu's
        // CSS 3 validator does not know; the markup is what this checks, as when the stylesheet was a linked file.
        .filter((message) => !message.message.startsWith("CSS: "))
        .map(
          (message) =>
            `${files.get(message.url) ?? message.url} line ${message.lastLine}: ${message.message} ${message.extract ?? ""}`,
        );
      console.log(`vnu checked ${pages.size} rendered pages`);
      expect(errors).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
