import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { VISIT_COOKIE } from "../core/attribution/visit.ts";

import { createMailer } from "../core/delivery/email.server.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { auditLog, dealers, staffSessions, staffUsers } from "../db/schema.ts";
import { builtSite, serveOverHttp } from "../tests/support/page-server.ts";
import {
  createStaffUser,
  passwordLinkFromOutbox,
  signIn,
  type StaffHttpSession,
  TEST_STAFF_PASSWORD,
} from "../tests/support/staff.ts";
import { cloneTemplate } from "../tests/support/template-db.ts";
import { createApp } from "./app.ts";
import { MemoryRateLimiter } from "../core/shared/rate-limiter.ts";
import { capturingLogger } from "../tests/support/log-capture.ts";
import { createLogger } from "./logger.ts";
import { newTotpSecret, totpCodeAt } from "../core/staff/totp.ts";
import { verifyPassword } from "../core/staff/passwords.server.ts";
import { TOTP_QR_NAME } from "../app/lib/totp-qr.server.ts";

/** A browser's User-Agent (Node's fetch says "node", which is taken for a crawler and given no visit). */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/**
 * The staff area over real HTTP, pages from the production build (`npm run build` first): sign-in, throttling,
 * CSRF, the 401/403/404 answers, caching and indexing headers, and a new account's e-mailed link.
 */
let database: DatabaseHandle;
let site: Awaited<ReturnType<typeof serveOverHttp>>;
let outbox: string;
let admin: StaffHttpSession;
const log = capturingLogger("info");

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "honda-staff-outbox-"));
  const mailer = createMailer({ outboxDir: outbox, from: "Back office <staff@example.co.za>" });
  // Behind a "proxy" (X-Forwarded-For and -Proto trusted), so that each test's failed sign-ins come from their own address.
  // The guard's write allowance is raised: the throttling under test is the sign-in's own.
  site = await serveOverHttp(
    createApp({
      db: database.db,
      health: database,
      logger: log.logger,
      mailer,
      trustProxy: true,
      rateLimiter: new MemoryRateLimiter(1000, 600_000),
      ...(await builtSite()),
    }),
  );
  await createStaffUser(database.db, {
    email: "admin@example.co.za",
    role: "group_admin",
    password: TEST_STAFF_PASSWORD,
  });
  admin = await signIn(site.baseUrl, "admin@example.co.za", TEST_STAFF_PASSWORD);
});
afterAll(async () => {
  await site?.close();
  await database?.close();
  await fs.rm(outbox, { recursive: true, force: true });
});

/** Posts a form as a browser does (same-origin, urlencoded), without following the redirect. */
function postForm(
  pathname: string,
  fields: Record<string, string | string[]>,
  cookie?: string,
  clientAddress?: string,
) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return fetch(site.baseUrl + pathname, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: site.baseUrl,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(clientAddress ? { "X-Forwarded-For": clientAddress } : {}),
    },
    body,
  });
}

const dealerId = async (slug: string) =>
  (await database.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.slug, slug)))[0]!.id;

async function twoDealerSlugs(): Promise<[string, string]> {
  const rows = await database.db.select({ slug: dealers.slug }).from(dealers).orderBy(dealers.id).limit(2);
  return [rows[0]!.slug, rows[1]!.slug];
}

describe("without a session", () => {
  it("the API under /api/staff answers 401 JSON, and staff pages send to the sign-in page", async () => {
    for (const pathname of ["/api/staff", "/api/staff/me", "/api/staff/dealers", "/api/staff/anything"]) {
      const response = await fetch(site.baseUrl + pathname);
      expect(response.status, pathname).toBe(401);
      expect(response.headers.get("content-type")).toContain("json");
      expect((await response.json()).title).toBe("Sign in to the back office or send a feed key");
    }
    const page = await fetch(`${site.baseUrl}/staff/accounts?x=1`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/staff/login?next=%2Fstaff%2Faccounts%3Fx%3D1");
    const forged = await fetch(`${site.baseUrl}/api/staff/me`, {
      headers: { Cookie: "staff=not-a-real-session-token-at-all" },
    });
    expect(forged.status).toBe(401);
  });

  it("staff answers are never stored by a cache and never indexed; the public pages set no cookie", async () => {
    for (const pathname of ["/staff/login", "/staff/login.data", "/api/staff/me", "/staff/forgot-password"]) {
      const response = await fetch(site.baseUrl + pathname);
      expect(response.headers.get("cache-control"), pathname).toBe("private, no-store");
      expect(response.headers.get("x-robots-tag"), pathname).toBe("noindex, nofollow");
    }
    const login = await (await fetch(`${site.baseUrl}/staff/login`)).text();
    expect(login).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(await (await fetch(`${site.baseUrl}/robots.txt`)).text()).toContain("Disallow: /staff\n");
    const sitemapIndex = await (await fetch(`${site.baseUrl}/sitemap.xml`)).text();
    for (const sitemap of [...sitemapIndex.matchAll(/<loc>[^<]*(\/sitemap[\w-]*\.xml)<\/loc>/g)].map(
      (match) => match[1]!,
    )) {
      expect(await (await fetch(site.baseUrl + sitemap)).text(), sitemap).not.toContain("/staff");
    }
    // Public pages set no staff cookie: at most the visit's source, which is no session.
    for (const pathname of ["/", "/used", "/new"]) {
      const cookies = (
        await fetch(site.baseUrl + pathname, { headers: { "User-Agent": BROWSER } })
      ).headers.getSetCookie();
      expect(
        cookies.map((cookie) => cookie.split("=")[0]),
        pathname,
      ).toEqual([VISIT_COOKIE]);
    }
  });
});

describe("signing in over HTTP", () => {
  it("sets an HttpOnly, SameSite=Lax session cookie and a known-device cookie named for plain HTTP, and signs out by deleting the session", async () => {
    await createStaffUser(database.db, {
      email: "cookie@example.co.za",
      role: "content_editor",
      password: TEST_STAFF_PASSWORD,
    });
    const response = await postForm("/staff/login", {
      step: "password",
      email: "cookie@example.co.za",
      password: TEST_STAFF_PASSWORD,
      next: "/staff/account",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/staff/account");
    const [setCookie, deviceCookie] = response.headers.getSetCookie();
    expect(setCookie).toMatch(/^staff=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    // A nonce, its expiry and their signature: no address, no name, kept a year, sent only by the site's own pages.
    expect(deviceCookie).toMatch(
      /^staff-device=[\w-]{22}\.\d{10}\.[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=31536000$/,
    );
    const cookie = setCookie!.split(";")[0]!;
    const { csrfToken } = await (await fetch(`${site.baseUrl}/api/staff/me`, { headers: { Cookie: cookie } })).json();

    const out = await postForm("/staff/logout", { csrf: csrfToken }, cookie);
    expect(out.status).toBe(302);
    expect(out.headers.get("set-cookie")).toContain("staff=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    expect((await fetch(`${site.baseUrl}/api/staff/me`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("sends a sign-in on to a next address a header cannot carry as written, percent-encoded, with the session", async () => {
    await createStaffUser(database.db, {
      email: "euro@example.co.za",
      role: "content_editor",
      password: TEST_STAFF_PASSWORD,
    });
    const response = await postForm("/staff/login", {
      step: "password",
      email: "euro@example.co.za",
      password: TEST_STAFF_PASSWORD,
      next: "/staff/€",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/staff/%E2%82%AC");
    const cookie = response.headers.getSetCookie()[0]!.split(";")[0]!;
    const signedIn = await fetch(`${site.baseUrl}/staff/login?next=/staff/%E2%80%A8`, {
      redirect: "manual",
      headers: { Cookie: cookie },
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/staff/%E2%80%A8");
  });
});

describe("signing in behind an HTTPS proxy", () => {
  it("names the cookies __Host-staff and __Host-staff-device and marks them Secure behind an HTTPS proxy", async () => {
    const response = await fetch(`${site.baseUrl}/staff/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Proto": "https" },
      body: new URLSearchParams({
        step: "password",
        email: "admin@example.co.za",
        password: TEST_STAFF_PASSWORD,
        next: "/staff",
      }),
    });
    const [setCookie, deviceCookie] = response.headers.getSetCookie();
    expect(setCookie).toMatch(/^__Host-staff=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$/);
    expect(deviceCookie).toMatch(
      /^__Host-staff-device=[\w.-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=31536000; Secure$/,
    );
    // Over HTTPS only the __Host- cookie counts: the plain-HTTP name cannot carry a session there.
    const token = setCookie!.split(";")[0]!.split("=")[1];
    const asPlain = await fetch(`${site.baseUrl}/api/staff/me`, {
      headers: { Cookie: `staff=${token}`, "X-Forwarded-Proto": "https" },
    });
    expect(asPlain.status).toBe(401);
    const asHost = await fetch(`${site.baseUrl}/api/staff/me`, {
      headers: { Cookie: `__Host-staff=${token}`, "X-Forwarded-Proto": "https" },
    });
    expect(asHost.status).toBe(200);
  });
});

describe("failed sign-ins over HTTP", () => {
  it("answers the same for an unknown address and a wrong password, then 429 to the client after its 5 failures", async () => {
    const unknown = await postForm(
      "/staff/login",
      { step: "password", email: "nobody@example.co.za", password: "a wrong password" },
      undefined,
      "192.0.2.1",
    );
    const wrong = await postForm(
      "/staff/login",
      { step: "password", email: "admin@example.co.za", password: "a wrong password" },
      undefined,
      "192.0.2.2",
    );
    expect([unknown.status, wrong.status]).toEqual([401, 401]);
    const [unknownText, wrongText] = await Promise.all([unknown.text(), wrong.text()]);
    expect(unknownText).toContain("Email or password is incorrect");
    expect(wrongText).toContain("Email or password is incorrect");

    await createStaffUser(database.db, {
      email: "locked@example.co.za",
      role: "content_editor",
      password: TEST_STAFF_PASSWORD,
    });
    for (let failure = 1; failure <= 5; failure++) {
      expect(
        (
          await postForm(
            "/staff/login",
            { step: "password", email: "locked@example.co.za", password: `guess number ${failure}` },
            undefined,
            "192.0.2.3",
          )
        ).status,
      ).toBe(401);
    }
    const blocked = await postForm(
      "/staff/login",
      { step: "password", email: "locked@example.co.za", password: TEST_STAFF_PASSWORD },
      undefined,
      "192.0.2.3",
    );
    expect(blocked.status).toBe(429);
    // The first wait is 30 seconds from the last failure, said in those words.
    const wait = Number(blocked.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    expect(await blocked.text()).toContain(`Too many attempts, try again in ${wait} seconds`);
    expect(blocked.headers.get("set-cookie")).toBeNull();
  });
});

describe("two-factor sign-in over HTTP", () => {
  it("asks for the code after a right password, and sets the cookie only with the right code", async () => {
    const { secret } = newTotpSecret("coded@example.co.za");
    const { id } = await createStaffUser(database.db, {
      email: "coded@example.co.za",
      role: "content_editor",
      password: TEST_STAFF_PASSWORD,
    });
    await database.db.update(staffUsers).set({ totpSecret: secret }).where(eq(staffUsers.id, id));
    const first = await postForm(
      "/staff/login",
      { step: "password", email: "coded@example.co.za", password: TEST_STAFF_PASSWORD, next: "/staff/account" },
      undefined,
      "192.0.2.60",
    );
    expect(first.status).toBe(200);
    expect(first.headers.get("set-cookie")).toBeNull();
    const page = await first.text();
    expect(page).toContain("Enter your code");
    expect(page).not.toContain(TEST_STAFF_PASSWORD);
    const pending = /name="pending" value="([\w-]+)"/.exec(page)![1]!;
    const wrongCode = String((Number(totpCodeAt(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    const wrong = await postForm(
      "/staff/login",
      { step: "code", pending, code: wrongCode, next: "/staff/account" },
      undefined,
      "192.0.2.60",
    );
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain("This code is not right");
    const right = await postForm(
      "/staff/login",
      { step: "code", pending, code: totpCodeAt(secret), next: "/staff/account" },
      undefined,
      "192.0.2.60",
    );
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/staff/account");
    expect(right.headers.getSetCookie().map((cookie) => cookie.split("=")[0])).toEqual(["staff", "staff-device"]);
  });
});

describe("own account over HTTP", () => {
  it("shows the two-factor key's QR code, drawn on the server as an SVG image with its name, beside the key", async () => {
    await createStaffUser(database.db, {
      email: "qr@example.co.za",
      role: "content_editor",
      password: TEST_STAFF_PASSWORD,
    });
    const session = await signIn(site.baseUrl, "qr@example.co.za", TEST_STAFF_PASSWORD);
    const page = await fetch(`${site.baseUrl}/staff/account`, { headers: { Cookie: session.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    // The first picture in the page itself (the header's menu button has an icon of its own).
    const svg = /<svg\b[^>]*>[\s\S]*?<\/svg>/.exec(html.slice(html.indexOf("<main")))?.[0] ?? "";
    const opening = /^<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
    expect(opening).toContain('role="img"');
    expect(opening).toContain(`aria-label="${TOTP_QR_NAME}"`);
    expect(svg).toMatch(/<path fill="#000" d="(M\d+ \d+h\d+v1h-\d+z)+"\/>/);
    // Nothing in it runs: no script element, no event attribute (the page shows it with JavaScript off).
    expect(svg).not.toMatch(/<script|\son\w+=/i);
    const secret = /name="secret" value="([A-Z2-7]+)"/.exec(html)?.[1];
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(html.indexOf(svg)).toBeLessThan(html.indexOf(`>${secret}</code>`));
  });

  it("says on the field why a new password is refused, in the estimator's words", async () => {
    await createStaffUser(database.db, {
      email: "weak@example.co.za",
      role: "content_editor",
      password: TEST_STAFF_PASSWORD,
    });
    const session = await signIn(site.baseUrl, "weak@example.co.za", TEST_STAFF_PASSWORD);
    const fields = {
      csrf: session.csrfToken,
      intent: "password",
      currentPassword: TEST_STAFF_PASSWORD,
      newPassword: "Honda1234567890",
      confirm: "Honda1234567890",
    };
    const refused = await postForm("/staff/account", fields, session.cookie);
    expect(refused.status).toBe(422);
    const error = /<p id="password-newPassword-error"[^>]*>([^<]*)<\/p>/.exec(await refused.text())?.[1];
    expect(error).toMatch(/^This is similar to a commonly used password\. .*Add more words that are less common\./);
    const [user] = await database.db.select().from(staffUsers).where(eq(staffUsers.email, "weak@example.co.za"));
    expect(await verifyPassword(user!.passwordHash!, TEST_STAFF_PASSWORD)).toBe(true);
  });
});

describe("CSRF", () => {
  it("refuses a staff form sent without the session's token, and changes nothing", async () => {
    const before = await database.db.select().from(staffUsers);
    const fields = { email: "forged@example.co.za", displayName: "Forged", role: "group_admin" };
    for (const csrf of [undefined, "not-the-token"]) {
      const response = await postForm("/staff/accounts", csrf ? { ...fields, csrf } : fields, admin.cookie);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("This form has expired or was not sent from this site");
    }
    expect(await database.db.select().from(staffUsers)).toEqual(before);
  });

  it("refuses an API write without X-CSRF-Token", async () => {
    const send = (headers: Record<string, string>) =>
      fetch(`${site.baseUrl}/api/staff/anything`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: admin.cookie, ...headers },
        body: "{}",
      });
    const refused = await send({});
    expect(refused.status).toBe(403);
    expect((await refused.json()).title).toBe("Send the session's CSRF token in X-CSRF-Token");
    expect((await send({ "X-CSRF-Token": admin.csrfToken })).status).toBe(404);
  });
});

describe("roles over HTTP", () => {
  it("a dealer manager sees only their dealer: another dealer is 404, staff accounts and the audit log 403", async () => {
    const [own, other] = await twoDealerSlugs();
    await createStaffUser(database.db, {
      email: "manager@example.co.za",
      role: "dealer_manager",
      dealerSlugs: [own],
      password: TEST_STAFF_PASSWORD,
    });
    const manager = await signIn(site.baseUrl, "manager@example.co.za", TEST_STAFF_PASSWORD);
    const get = (pathname: string, session: StaffHttpSession) =>
      fetch(site.baseUrl + pathname, { headers: { Cookie: session.cookie }, redirect: "manual" });

    expect(
      (await (await get("/api/staff/dealers", manager)).json()).dealers.map((dealer: { slug: string }) => dealer.slug),
    ).toEqual([own]);
    expect((await get(`/api/staff/dealers/${own}`, manager)).status).toBe(200);
    const otherDealer = await get(`/api/staff/dealers/${other}`, manager);
    expect(otherDealer.status).toBe(404);
    expect(await otherDealer.json()).toEqual(await (await get("/api/staff/dealers/no-such-dealer", manager)).json());
    expect((await get(`/api/staff/dealers/${other}`, admin)).status).toBe(200);

    for (const pathname of ["/staff/accounts", "/staff/audit", "/staff/vitals", `/staff/accounts/1`]) {
      const page = await get(pathname, manager);
      expect(page.status, pathname).toBe(403);
      expect(await page.text()).toContain("Your role does not give access to this page.");
    }
    const unknownPage = await get("/staff/no-such-page", manager);
    expect(unknownPage.status).toBe(404);
    expect(await unknownPage.text()).toContain("There is nothing here that you can open.");
    const navigation = await (await get("/staff", manager)).text();
    expect(navigation).not.toContain('href="/staff/accounts"');
    expect(navigation).toContain('href="/staff/account"');
  });
});

describe("staff accounts", () => {
  it("an administrator creates a dealer manager, who sets a password through the e-mailed link and signs in", async () => {
    const [own] = await twoDealerSlugs();
    const created = await postForm(
      "/staff/accounts",
      {
        csrf: admin.csrfToken,
        email: "New.Manager@example.co.za",
        displayName: "Naledi Dlamini",
        role: "dealer_manager",
        dealerIds: [String(await dealerId(own))],
      },
      admin.cookie,
    );
    expect(created.status).toBe(302);
    const [account] = await database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, "new.manager@example.co.za"));
    expect(account).toMatchObject({
      displayName: "Naledi Dlamini",
      role: "dealer_manager",
      passwordHash: null,
      active: true,
    });
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "staff_user.create"));
    expect(entry).toMatchObject({
      actorLabel: "admin@example.co.za",
      entity: "staff_user",
      entityId: String(account!.id),
    });

    const link = await passwordLinkFromOutbox(outbox, "new.manager@example.co.za");
    const linkPath = new URL(link).pathname + new URL(link).search;
    const token = new URL(link).searchParams.get("token")!;

    const tooShort = await postForm("/staff/set-password", { token, password: "short", confirm: "short" });
    expect(tooShort.status).toBe(422);
    expect(await tooShort.text()).toContain("Use at least 12 characters");
    // Posted to the link's own address, as the page's form does: the page shows the reason on the field.
    const common = await postForm(linkPath, { token, password: "qwerty1234567890", confirm: "qwerty1234567890" });
    expect(common.status).toBe(422);
    const commonPage = await common.text();
    expect(/<p id="set-password-error"[^>]*>([^<]*)<\/p>/.exec(commonPage)?.[1]).toMatch(
      /^This is similar to a commonly used password\. /,
    );
    const set = await postForm("/staff/set-password", {
      token,
      password: "a long and private passphrase",
      confirm: "a long and private passphrase",
    });
    expect(set.status).toBe(302);
    // The link works once.
    expect(await (await fetch(site.baseUrl + linkPath)).text()).toContain("This link no longer works");
    const session = await signIn(site.baseUrl, "new.manager@example.co.za", "a long and private passphrase");
    expect(
      (await (await fetch(`${site.baseUrl}/api/staff/me`, { headers: { Cookie: session.cookie } })).json()).dealerIds,
    ).toEqual([await dealerId(own)]);
  });
});

describe("staff accounts changed, and password resets", () => {
  it("deactivating an account ends its sessions; changing its role signs it out", async () => {
    const { id } = await createStaffUser(database.db, {
      email: "editor@example.co.za",
      role: "content_editor",
      password: TEST_STAFF_PASSWORD,
    });
    const editor = await signIn(site.baseUrl, "editor@example.co.za", TEST_STAFF_PASSWORD);
    const changed = await postForm(
      `/staff/accounts/${id}`,
      { csrf: admin.csrfToken, intent: "save", displayName: "Editor", role: "group_admin" },
      admin.cookie,
    );
    expect(changed.status).toBe(302);
    expect((await fetch(`${site.baseUrl}/api/staff/me`, { headers: { Cookie: editor.cookie } })).status).toBe(401);

    const again = await signIn(site.baseUrl, "editor@example.co.za", TEST_STAFF_PASSWORD);
    expect(
      (await postForm(`/staff/accounts/${id}`, { csrf: admin.csrfToken, intent: "deactivate" }, admin.cookie)).status,
    ).toBe(302);
    expect(await database.db.select().from(staffSessions).where(eq(staffSessions.staffUserId, id))).toEqual([]);
    expect((await fetch(`${site.baseUrl}/api/staff/me`, { headers: { Cookie: again.cookie } })).status).toBe(401);
    expect(
      (
        await postForm(
          "/staff/login",
          { step: "password", email: "editor@example.co.za", password: TEST_STAFF_PASSWORD },
          undefined,
          "192.0.2.5",
        )
      ).status,
    ).toBe(401);
  });

  it("answers a reset request the same whether or not the address has an account", async () => {
    const known = await postForm("/staff/forgot-password", { email: "admin@example.co.za" });
    const unknown = await postForm("/staff/forgot-password", { email: "stranger@example.co.za" });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    const message = (html: string) => /If this address has a back-office account[^<]*/.exec(html)?.[0];
    expect(message(await known.text())).toBeDefined();
    expect(message(await unknown.text())).toBe(
      message(await (await postForm("/staff/forgot-password", { email: "admin@example.co.za" })).text()),
    );
  });
});

describe("the log", () => {
  it("holds no password, session token, CSRF token or one-time link of the staff area", async () => {
    const from = log.lines.length;
    const { id } = await createStaffUser(database.db, {
      email: "logged@example.co.za",
      role: "content_editor",
      password: TEST_STAFF_PASSWORD,
    });
    const session = await signIn(site.baseUrl, "logged@example.co.za", TEST_STAFF_PASSWORD);
    await postForm(
      "/staff/login",
      { step: "password", email: "logged@example.co.za", password: "a mistyped passphrase" },
      undefined,
      "192.0.2.77",
    );
    await postForm(`/staff/accounts/${id}`, { csrf: admin.csrfToken, intent: "send-link" }, admin.cookie);
    const link = await passwordLinkFromOutbox(outbox, "logged@example.co.za");
    await fetch(new URL(new URL(link).pathname + new URL(link).search, site.baseUrl));
    await postForm("/staff/set-password", {
      token: new URL(link).searchParams.get("token")!,
      password: "the logged person's new one",
      confirm: "the logged person's new one",
    });
    const written = log.lines.slice(from).join("");
    expect(written).toContain('"path":"/staff/set-password"');
    for (const secret of [
      TEST_STAFF_PASSWORD,
      "a mistyped passphrase",
      "the logged person's new one",
      session.cookie.split("=")[1]!,
      session.csrfToken,
      new URL(link).searchParams.get("token")!,
    ]) {
      expect(written).not.toContain(secret);
    }
  });
});

describe("the per-client write allowance", () => {
  it("does not count a signed-in staff member's writes, but counts sign-in attempts", async () => {
    const strict = await serveOverHttp(
      createApp({
        db: database.db,
        logger: createLogger("silent"),
        rateLimiter: new MemoryRateLimiter(3, 600_000),
        ...(await builtSite()),
      }),
    );
    try {
      const session = await signIn(strict.baseUrl, "admin@example.co.za", TEST_STAFF_PASSWORD);
      for (let write = 1; write <= 6; write++) {
        const response = await fetch(`${strict.baseUrl}/api/staff/nothing-here`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: session.cookie, "X-CSRF-Token": session.csrfToken },
          body: "{}",
        });
        expect(response.status, `staff write ${write}`).toBe(404);
      }
      const signInAttempt = () =>
        fetch(`${strict.baseUrl}/staff/login`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "step=password&email=x%40example.co.za&password=y",
        });
      expect((await signInAttempt()).status).toBe(401);
      expect((await signInAttempt()).status).toBe(401);
      expect((await signInAttempt()).status).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
