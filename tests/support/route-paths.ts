/** Concrete paths for every page route of the built site, and the spellings the router reads as each (page tests). */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { matchPath } from "react-router";
import type { Database } from "../../db/client.ts";
import { alertAddresses, savedSearches } from "../../db/schema.ts";
import { storeTestEnquiry } from "./leads.ts";
import { pageRouteTable } from "./page-server.ts";
import { createStaffUser, signIn, type StaffHttpSession, TEST_STAFF_PASSWORD } from "./staff.ts";
import { dataRequestPathOf } from "../../app/framework/data-requests.ts";

/** The spellings of a canonical path that the router reads as that page (or its data). */
export function spellingsOf(path: string): string[] {
  const [first = "", ...rest] = path.split("/").filter(Boolean);
  const escapedLetter = first
    ? `/%${first.charCodeAt(0).toString(16)}${first.slice(1)}${rest.map((s) => `/${s}`).join("")}`
    : "/%2F";
  const upper = `/${first.toUpperCase()}${rest.map((s) => `/${s}`).join("")}`;
  const data = dataRequestPathOf(path);
  return [
    path,
    data,
    escapedLetter,
    `${escapedLetter}.data`,
    upper,
    `${upper}.data`,
    `${path}/`.replace(/\/\/$/, "/"),
    `/${path}`,
  ];
}

/**
 * More spellings of a canonical path, each of which the server must redirect, refuse or answer as the page it
 * names before the page cache decides: dot segments as sent (a client such as fetch resolves them itself), `;`
 * parameters, `//` inside the path, another case and an escaped letter in a later segment, and the queries the
 * router reads (`?index`, the data request's `_routes`).
 */
export function attackSpellingsOf(path: string): string[] {
  const [first = "", ...rest] = path.split("/").filter(Boolean);
  const data = path === "/" ? "/_root.data" : `${path}.data`;
  const spellings = [first ? `/${first}/./..${path}` : "/./../", `${path}?index`, `${data}?_routes=root`];
  if (rest.length === 0) spellings.push(`${path};x=1`);
  else {
    const last = rest.at(-1)!;
    const before = `/${[first, ...rest.slice(0, -1)].join("/")}`;
    spellings.push(
      `/${first};x=1/${rest.join("/")}`,
      `/${first}//${rest.join("/")}`,
      `${before}/${last.toUpperCase()}`,
      `${before}/%${last.charCodeAt(0).toString(16)}${last.slice(1)}`,
    );
  }
  return spellings;
}

/** Runs `visit` for every item, a few at a time (each item's own requests stay in order). */
export async function eachAtOnce<T>(items: T[], visit: (item: T) => Promise<void>, atOnce = 6): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: atOnce }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await visit(item);
    }),
  );
}

/**
 * For the page tests that ask every route as staff too: a signed-in group administrator, a lead that only the back
 * office shows, and a concrete path for every page route (the lead's and the administrator's own pages among them).
 */
export async function adminAndEveryPagePath(
  baseUrl: string,
  db: Database,
  {
    adminEmail,
    lead,
    alert,
  }: {
    adminEmail: string;
    lead: Parameters<typeof storeTestEnquiry>[1];
    /** A saved-search alert whose real links fill the pages behind a token (else a token that names nothing). */
    alert?: { email: string; label: string };
  },
): Promise<{ staff: StaffHttpSession; paths: string[] }> {
  const admin = await createStaffUser(db, { email: adminEmail, role: "group_admin", password: TEST_STAFF_PASSWORD });
  const staff = await signIn(baseUrl, adminEmail, TEST_STAFF_PASSWORD);
  const leadId = await storeTestEnquiry(db, lead);
  const tokens = alert ? await storeAlert(db, alert) : undefined;
  return { staff, paths: await concretePagePaths(baseUrl, db, { leadId, staffId: String(admin.id), tokens }) };
}

type AlertTokens = { manageToken: string; confirmToken: string };

/** An unconfirmed saved search for the address, as the used listing's alert form stores it, and its links' tokens. */
async function storeAlert(db: Database, { email, label }: { email: string; label: string }): Promise<AlertTokens> {
  const tokens = {
    manageToken: randomBytes(24).toString("base64url"),
    confirmToken: randomBytes(24).toString("base64url"),
  };
  const [address] = await db
    .insert(alertAddresses)
    .values({ email, manageToken: tokens.manageToken, consentedAt: new Date() })
    .returning({ id: alertAddresses.id });
  await db
    .insert(savedSearches)
    .values({ addressId: address!.id, query: "make_slug=honda", label, confirmToken: tokens.confirmToken });
  return tokens;
}

/**
 * A concrete path for every page route in the route table: the public ones from the sitemap's addresses (each
 * pattern's parameters taken from an address it or its nearest parent matches), the back office's from rows of
 * the database.
 */
async function concretePagePaths(
  baseUrl: string,
  db: Database,
  { leadId, staffId, tokens }: { leadId: string; staffId: string; tokens?: AlertTokens },
): Promise<string[]> {
  const sitemap = await (await fetch(`${baseUrl}/sitemap-pages.xml`)).text();
  const used = await (await fetch(`${baseUrl}/sitemap-used-1.xml`)).text();
  const addresses = [...`${sitemap}${used}`.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  const first = async (query: ReturnType<typeof sql>) => {
    const { rows } = (await db.execute(query)) as unknown as { rows: { id: number }[] };
    return String(rows[0]?.id ?? 1);
  };
  const staffParams: Record<string, Record<string, string>> = {
    "/staff/leads/:leadId": { leadId },
    "/staff/stock/:id": { id: await first(sql`SELECT id FROM used_vehicles ORDER BY id LIMIT 1`) },
    "/staff/stock/:id/photos": { id: await first(sql`SELECT id FROM used_vehicles ORDER BY id LIMIT 1`) },
    "/staff/accounts/:id": { id: staffId },
    "/staff/blog/:id": { id: await first(sql`SELECT id FROM blog_posts ORDER BY id LIMIT 1`) },
    "/staff/blog/:id/preview": { id: await first(sql`SELECT id FROM blog_posts ORDER BY id LIMIT 1`) },
    "/staff/specials/:id": { id: await first(sql`SELECT id FROM deals ORDER BY id LIMIT 1`) },
    "/staff/specials/:id/preview": { id: await first(sql`SELECT id FROM deals ORDER BY id LIMIT 1`) },
    "/staff/banners/:id": { id: await first(sql`SELECT id FROM banners ORDER BY id LIMIT 1`) },
    "/staff/dealers/:slug": { slug: "honda-sandton" },
    ...(tokens && {
      "/alerts/confirm/:token": { token: tokens.confirmToken },
      "/alerts/manage/:token": { token: tokens.manageToken },
      "/alerts/unsubscribe/:token": { token: tokens.manageToken },
    }),
  };
  const paramsOf = (pattern: string): Record<string, string> => {
    const scoped = /^\/dealer\/:dealerName(\/.+)$/.exec(pattern);
    if (scoped) return { ...paramsOf(scoped[1]!), ...paramsFromAddresses("/dealer/:dealerName", addresses) };
    return staffParams[pattern] ?? paramsFromAddresses(pattern, addresses);
  };
  const table = await pageRouteTable();
  return table.map(({ pattern }) => fill(pattern, paramsOf(pattern)));
}

/** The parameters of the first address that the pattern, or the longest parent of it that has any, matches. */
function paramsFromAddresses(pattern: string, addresses: string[]): Record<string, string> {
  const segments = pattern.split("/");
  for (let length = segments.length; length > 1; length--) {
    const prefix = segments.slice(0, length).join("/");
    if (!prefix.includes(":")) continue;
    const address = addresses.find((candidate) => matchPath(prefix, candidate));
    if (address)
      return { token: "AbCdEfGhIjKlMnOpQrStUv", applicationId: "1", ...matchPath(prefix, address)!.params } as Record<
        string,
        string
      >;
  }
  return { token: "AbCdEfGhIjKlMnOpQrStUv", applicationId: "1", id: "1" };
}

function fill(pattern: string, params: Record<string, string>): string {
  const path = pattern
    .split("/")
    .map((segment) =>
      segment.startsWith(":") ? (params[segment.slice(1)] ?? "x") : segment === "*" ? "no-such-page" : segment,
    )
    .join("/");
  return path || "/";
}
