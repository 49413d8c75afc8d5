import { z } from "zod";
import { VISIT_COOKIE } from "./names.ts";
import { rawCookie } from "../shared/cookies.ts";
import { isOneLineOfPlainText } from "../shared/text-rules.ts";

/** A lead's visit source as stored with it (its column's type). */
// biome-ignore lint/style/noRestrictedImports: types only, which the browser's script does not carry
export type { LeadAttribution } from "../../db/schema.ts";

/**
 * Where a visit came from, first party. The first page of a visit records its source in one HttpOnly
 * cookie that lives for the visit (30 minutes idle, a day at most); every lead sent during the visit stores it, and
 * the daily counts are kept per source. Nothing here identifies a visitor: the referrer's host only, the landing
 * path without its query, the campaign's own parameters and the ad platforms' click ids (which the dealer's CRM and
 * ad accounts match their own clicks against).
 */
export const VISIT_IDLE_SECONDS = 30 * 60;
export const VISIT_MAX_SECONDS = 24 * 60 * 60;
/** A visit's cookie is written again at most this often while it is in use (each page would otherwise set it). */
const VISIT_REFRESH_SECONDS = 5 * 60;

const FIELD_MAX = 200;
const COOKIE_MAX = 2048;

export const CLICK_ID_PARAMETERS = ["gclid", "fbclid", "ttclid"] as const;
export type ClickIdParameter = (typeof CLICK_ID_PARAMETERS)[number];

export type VisitSource = {
  /** "google", "facebook", "direct", a campaign's utm_source, or the referring site's host. */
  source: string;
  /** "cpc", "organic", "social", "referral", "(none)" for a direct visit, or a campaign's utm_medium. */
  medium: string;
  campaign: string | null;
  term: string | null;
  content: string | null;
  referrerHost: string | null;
  /** The path the visit landed on, without its query string. */
  landingPath: string;
  clickIds: Partial<Record<ClickIdParameter, string>>;
};

export type Visit = { source: VisitSource; startedAt: number; lastSeenAt: number };

/** Told about each lead stored for the first time, with its type and its visit's source (the metrics count them). */
export type LeadCounter = (lead: { leadType: string; attribution: VisitSource | null }) => void;

/** What a visit's source says when its own value was dropped (a campaign link without utm_medium, a forged cookie). */
const NOT_SET = "(not set)";

/**
 * A field of the cookie, which the visitor's browser holds and may have been forged: its value only if it is one
 * line of plain text (core/shared/text-rules.ts, the form fields' rule), else `dropped`, so that no lead, e-mail,
 * ADF or webhook carries a line the visitor wrote and the visit still counts without it.
 */
const field = <T>(dropped: T) =>
  z
    .string()
    .max(FIELD_MAX)
    .transform((value) => (isOneLineOfPlainText(value) ? value : dropped));
const optionalField = field(null).nullable();
const visitSchema = z.strictObject({
  source: z.strictObject({
    source: field(NOT_SET).pipe(z.string().min(1)),
    medium: field(NOT_SET).pipe(z.string().min(1)),
    campaign: optionalField,
    term: optionalField,
    content: optionalField,
    referrerHost: optionalField,
    // A dropped landing path is empty: staff pages and deliveries leave an empty value out.
    landingPath: z
      .string()
      .max(FIELD_MAX)
      .refine((path) => path.startsWith("/"))
      .transform((path) => (isOneLineOfPlainText(path) ? path : "")),
    clickIds: z.strictObject({
      gclid: field(undefined).optional(),
      fbclid: field(undefined).optional(),
      ttclid: field(undefined).optional(),
    }),
  }),
  startedAt: z.number().int().nonnegative(),
  lastSeenAt: z.number().int().nonnegative(),
});

const SEARCH_ENGINES: [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, "google"],
  [/(^|\.)bing\.com$/, "bing"],
  [/(^|\.)search\.yahoo\.com$/, "yahoo"],
  [/(^|\.)duckduckgo\.com$/, "duckduckgo"],
  [/(^|\.)ecosia\.org$/, "ecosia"],
  [/(^|\.)yandex\.[a-z.]+$/, "yandex"],
  [/(^|\.)baidu\.com$/, "baidu"],
];

const SOCIAL_NETWORKS: [RegExp, string][] = [
  [/(^|\.)facebook\.com$|^fb\.me$/, "facebook"],
  [/(^|\.)instagram\.com$/, "instagram"],
  [/(^|\.)tiktok\.com$/, "tiktok"],
  [/(^|\.)(twitter|x)\.com$|^t\.co$/, "x"],
  [/(^|\.)linkedin\.com$|^lnkd\.in$/, "linkedin"],
  [/(^|\.)youtube\.com$|^youtu\.be$/, "youtube"],
  [/(^|\.)pinterest\.[a-z.]+$/, "pinterest"],
  [/(^|\.)whatsapp\.com$|^wa\.me$/, "whatsapp"],
];

/**
 * Every source this module names itself (search engines, social networks, direct): a bounded set, which the
 * metrics use as a label where any other source (a campaign's own utm_source, a referring site) is "other".
 */
export const NAMED_SOURCES: ReadonlySet<string> = new Set([
  "direct",
  ...[...SEARCH_ENGINES, ...SOCIAL_NETWORKS].map(([, name]) => name),
]);

/** The source and medium an ad platform's click id means when a link carries no utm_source of its own. */
const CLICK_ID_SOURCES: Record<ClickIdParameter, { source: string; medium: string }> = {
  gclid: { source: "google", medium: "cpc" },
  // Facebook adds fbclid to every outbound link, paid or not.
  fbclid: { source: "facebook", medium: "social" },
  ttclid: { source: "tiktok", medium: "cpc" },
};

/**
 * A campaign parameter as a visit keeps it: trimmed and at most FIELD_MAX characters; null when absent, blank, or
 * not one line of plain text (a control, direction or line-break character: the value is dropped, not repaired).
 */
function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed || !isOneLineOfPlainText(trimmed)) return null;
  return cut(trimmed, FIELD_MAX);
}

/** The first `limit` UTF-16 units of `value`, never half a character (a lone surrogate is not valid text). */
function cut(value: string, limit: number): string {
  if (value.length <= limit) return value;
  const code = value.charCodeAt(limit - 1);
  return value.slice(0, code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit);
}

function hostOf(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return /^https?:$/.test(url.protocol) && url.hostname ? url.hostname.toLowerCase().replace(/^www\./, "") : null;
  } catch {
    return null;
  }
}

function named(host: string, table: [RegExp, string][]): string | undefined {
  return table.find(([pattern]) => pattern.test(host))?.[1];
}

/** The source of a visit that lands on `url`, arriving from `referrer` (the Referer header, if any). */
export function sourceOfLanding(url: URL, referrer: string | null | undefined): VisitSource {
  const query = url.searchParams;
  const referrerHost = hostOf(referrer);
  const clickIds: VisitSource["clickIds"] = {};
  for (const parameter of CLICK_ID_PARAMETERS) {
    const id = clean(query.get(parameter));
    if (id) clickIds[parameter] = id;
  }
  const base = {
    campaign: clean(query.get("utm_campaign")),
    term: clean(query.get("utm_term")),
    content: clean(query.get("utm_content")),
    referrerHost,
    landingPath: url.pathname.slice(0, FIELD_MAX),
    clickIds,
  };
  const utmSource = clean(query.get("utm_source"))?.toLowerCase();
  if (utmSource)
    return { source: utmSource, medium: clean(query.get("utm_medium"))?.toLowerCase() ?? NOT_SET, ...base };
  const clicked = CLICK_ID_PARAMETERS.find((parameter) => clickIds[parameter]);
  if (clicked) return { ...CLICK_ID_SOURCES[clicked], ...base };
  if (!referrerHost) return { source: "direct", medium: "(none)", ...base };
  const engine = named(referrerHost, SEARCH_ENGINES);
  if (engine) return { source: engine, medium: "organic", ...base };
  const network = named(referrerHost, SOCIAL_NETWORKS);
  if (network) return { source: network, medium: "social", ...base };
  return { source: referrerHost, medium: "referral", ...base };
}

/** Whether a request names a campaign of its own (utm_source or a click id): it starts a new visit. */
function namesCampaign(url: URL): boolean {
  return url.searchParams.has("utm_source") || CLICK_ID_PARAMETERS.some((parameter) => url.searchParams.has(parameter));
}

function isInternalReferrer(referrer: string | null | undefined, siteHost: string): boolean {
  const host = hostOf(referrer);
  return (
    host !== null &&
    host ===
      siteHost
        .toLowerCase()
        .replace(/^www\./, "")
        .replace(/:\d+$/, "")
  );
}

/**
 * The visit a page request belongs to. A visit still alive carries on, whatever the request's referrer is, unless
 * the request arrives from another site or names a campaign (a new ad click): then a new visit starts. An internal
 * referrer never overwrites a visit's source, and a request from this site without a live visit starts a direct one.
 * `now` is in whole seconds.
 */
export function visitOfRequest(
  existing: Visit | null,
  url: URL,
  referrer: string | null | undefined,
  siteHost: string,
  now: number,
): Visit {
  const internal = isInternalReferrer(referrer, siteHost);
  const fromElsewhere = Boolean(hostOf(referrer)) && !internal;
  if (existing && !namesCampaign(url) && !fromElsewhere) return { ...existing, lastSeenAt: now };
  return { source: sourceOfLanding(url, internal ? null : referrer), startedAt: now, lastSeenAt: now };
}

/**
 * Whether `after` is a visit of its own rather than `before` going on: a later start, or another source in the same
 * second (two campaign links opened at once, each answered before the other's cookie arrived).
 */
export function startsVisit(before: Visit | null, after: Visit): boolean {
  return (
    before === null ||
    before.startedAt !== after.startedAt ||
    JSON.stringify(before.source) !== JSON.stringify(after.source)
  );
}

/** Whether the visit's cookie must be written on this answer: a new visit, or one whose idle time is running out. */
export function visitCookieDue(before: Visit | null, after: Visit): boolean {
  return startsVisit(before, after) || after.lastSeenAt - before!.lastSeenAt >= VISIT_REFRESH_SECONDS;
}

/**
 * The cookie's value: the visit as base64url JSON, never longer than the decoder takes (COOKIE_MAX). A landing
 * with very long campaign parameters (each is capped at FIELD_MAX characters, but a character may take three
 * bytes) has its free text shortened until it fits, rather than being refused and starting a visit on every page.
 */
export function encodeVisit(visit: Visit): string {
  for (let limit = FIELD_MAX; ; limit = Math.floor(limit / 2)) {
    const encoded = Buffer.from(JSON.stringify(shortened(visit, limit)), "utf8").toString("base64url");
    if (encoded.length <= COOKIE_MAX || limit <= 8) return encoded;
  }
}

function shortened(visit: Visit, limit: number): Visit {
  if (limit >= FIELD_MAX) return visit;
  const short = <T extends string | null>(value: T): T => (value === null ? value : (cut(value, limit) as T));
  const { source } = visit;
  const clickIds: VisitSource["clickIds"] = {};
  for (const parameter of CLICK_ID_PARAMETERS) {
    const id = source.clickIds[parameter];
    if (id) clickIds[parameter] = cut(id, limit);
  }
  return {
    ...visit,
    source: {
      source: short(source.source),
      medium: short(source.medium),
      campaign: short(source.campaign),
      term: short(source.term),
      content: short(source.content),
      referrerHost: short(source.referrerHost),
      landingPath: short(source.landingPath),
      clickIds,
    },
  };
}

/** The visit a cookie value holds, or null when it is missing, malformed, idle too long or older than a day. */
export function decodeVisit(value: string | undefined | null, now: number): Visit | null {
  if (!value || value.length > COOKIE_MAX || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const checked = visitSchema.safeParse(parsed);
  if (!checked.success) return null;
  const visit = checked.data as Visit;
  if (
    now - visit.lastSeenAt > VISIT_IDLE_SECONDS ||
    now - visit.startedAt > VISIT_MAX_SECONDS ||
    visit.lastSeenAt > now + 60
  )
    return null;
  return visit;
}

/** Seconds the cookie lives from now: the idle time, never past the visit's day. */
function visitCookieMaxAge(visit: Visit, now: number): number {
  return Math.max(0, Math.min(VISIT_IDLE_SECONDS, visit.startedAt + VISIT_MAX_SECONDS - now));
}

export function visitCookieHeader(visit: Visit, now: number, secure: boolean): string {
  return `${VISIT_COOKIE}=${encodeVisit(visit)}; Path=/; Max-Age=${visitCookieMaxAge(visit, now)}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The visit cookie's value in a Cookie header, if there is one. */
export function visitCookieValue(cookieHeader: string | null | undefined): string | null {
  return rawCookie(cookieHeader, VISIT_COOKIE);
}

/** The source a lead sent with this request's cookies stores: null when the request carries no live visit. */
export function attributionOfRequest(
  cookieHeader: string | null | undefined,
  now = Math.floor(Date.now() / 1000),
): VisitSource | null {
  return decodeVisit(visitCookieValue(cookieHeader), now)?.source ?? null;
}

export { describeSource, VISIT_COOKIE } from "./names.ts";
