import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, Hono, MiddlewareHandler, Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { TrieRouter } from "hono/router/trie-router";
import { clientRateKey } from "../../core/shared/client-key.server.ts";
import type { RateLimiter } from "../../core/shared/rate-limiter.ts";
import { WriteQueue, WriteQueueFull, type WriteQueueLimits } from "../../core/shared/write-queue.ts";
import { apiError } from "../api/responses.ts";
import type { Logger } from "../logger.ts";
import type { PageMethods } from "../pages.ts";
import { pathVerdict } from "../request-path.ts";
import { withUploadScope } from "../uploads.ts";

/**
 * The one guard in front of every route (docs/decisions/014-one-request-guard.md): a malformed address is
 * 400, a method the route does not handle 405 with `Allow`, and every write (POST, PUT, PATCH, DELETE)
 * passes the same content-type, origin, rate and body-size checks before its body is read. Its refusals
 * close the connection, so a keep-alive client never sends its next request after a body nobody read.
 */

/** Largest request body of a write unless its route declares more (enquiries are a few hundred bytes). */
export const MAX_BODY_BYTES = 64 * 1024;

export const WRITE_METHODS: readonly string[] = ["POST", "PUT", "PATCH", "DELETE"];
const JSON_TYPES = ["application/json", "application/ld+json"];

/**
 * Multipart uploads served at once (each streams to disk, but its photos are then checked and encoded): a few
 * more wait their turn for up to half a minute, and one more is refused with 503 and Retry-After. Signed-in staff
 * and everyone else take turns apart, each with these limits: no anonymous client can keep the back office's
 * photos waiting.
 */
const UPLOAD_LIMITS: WriteQueueLimits = {
  concurrency: 3,
  maxWaiting: 6,
  maxWaitMs: 30_000,
  retryAfterSeconds: 10,
};

/**
 * The body limit a route declares for its writes, by a Hono path pattern: e.g. the staff area's photo
 * uploads, `{ path: "/api/staff/vehicles/:id/photos", maxBodyBytes: 20 * 1024 * 1024 }`, or a smaller one
 * (the vitals beacon's 2 KB). An API route may also accept body types besides JSON (`mediaTypes`, e.g. a stock
 * feed's text/csv); any other route that declares `mediaTypes` accepts JSON and those types only. A route may
 * count its writes against an allowance of its own (`allowance`) instead of the forms' per-client one: a
 * page's vitals beacon must not use up the allowance a buyer needs for an enquiry.
 */
export type BodyLimitRule = {
  path: string;
  maxBodyBytes: number;
  mediaTypes?: readonly string[];
  allowance?: RateLimiter;
};

export type RequestGuardOptions = {
  /** The app whose registered routes (API, media, SEO, health) declare their methods; read on first use. */
  app: Pick<Hono, "routes">;
  /** The page routes' methods (GET and HEAD, and POST where the route has an action); absent: no pages. */
  pageMethods?: PageMethods;
  /** How the router spells a decoded path (server/pages.ts `PageRouteRules.spelling`); absent: as sent. */
  pathSpelling?: (decodedPath: string) => string;
  rateLimiter: RateLimiter;
  clientAddress: (c: Context) => string;
  /** The public address: a write whose Origin is this one is same-origin even behind a TLS proxy. */
  siteUrl: string;
  logger: Logger;
  bodyLimits?: readonly BodyLimitRule[];
  /**
   * Whether a write is a signed-in staff member's back-office work. It does not count against the per-client
   * allowance (each write already needs a session and its CSRF token; a dealership's one address is shared with its
   * visitors, and a morning's photos would use up the allowance); sign-in and reset requests still count. Its
   * uploads take turns apart from everyone else's.
   */
  isStaffWrite?: (c: Context) => Promise<boolean>;
  /** How many multipart uploads are served at once and wait their turn (UPLOAD_LIMITS), staff's and others' apart. */
  uploadLimits?: WriteQueueLimits;
  /**
   * The per-client allowance of counted requests (page views and clicks, core/insights/counts.server.ts). A request that
   * would be counted asks once (`countingClient`); past the allowance it is served as ever, and not counted.
   */
  countAllowance?: RateLimiter;
};

/**
 * What a counter asks the guard before it counts a request: the client's key (core/shared/client-key.server.ts) when the
 * client's counting allowance has room (one hit per request, however often asked), null when it is used up.
 */
export type CountingClient = () => Promise<string | null>;
export type GuardVariables = { requestId: string; countingClient?: CountingClient };

const isApiPath = (path: string) => path.startsWith("/api/");
const isApi = (c: Context) => isApiPath(c.req.path);

/** A refusal of the guard: JSON for the API, a short text for everything else, and the connection closed. */
function refuse(c: Context, status: ContentfulStatusCode, apiTitle: string, pageMessage: string): Response {
  c.header("Connection", "close");
  return isApi(c) ? apiError(c, status, apiTitle) : c.text(pageMessage, status);
}

/**
 * True for an address whose path or query carries a malformed percent escape (`%E0%A4`, `%zz`) or a NUL
 * (`%00`): no slug, id or option contains one, and PostgreSQL refuses NUL in text.
 */
function hasMalformedEscape(url: string): boolean {
  const { pathname, search } = new URL(url);
  const parts = [
    ...pathname.split("/"),
    ...search
      .slice(1)
      .split(/[&=]/)
      .map((part) => part.replaceAll("+", " ")),
  ];
  return parts.some((part) => {
    try {
      return decodeURIComponent(part).includes("\0");
    } catch {
      return true;
    }
  });
}

/** The methods the app's own routes declare for a path; none when no registered route matches. */
function registeredMethods(app: Pick<Hono, "routes">): (path: string) => string[] {
  let router: TrieRouter<string[]> | undefined;
  return (path) => {
    if (!router) {
      const byPath = new Map<string, Set<string>>();
      for (const route of app.routes) {
        if (route.method === "ALL") continue;
        const methods = byPath.get(route.path) ?? new Set<string>();
        methods.add(route.method);
        if (route.method === "GET") methods.add("HEAD");
        byPath.set(route.path, methods);
      }
      router = new TrieRouter();
      for (const [pattern, methods] of byPath) router.add("ALL", pattern, [...methods]);
    }
    return [...new Set(router.match("ALL", path)[0].flatMap(([methods]) => methods))];
  };
}

/** The rules declared for a path (a Hono pattern may match several). */
function declaredRules(rules: readonly BodyLimitRule[]): (path: string) => BodyLimitRule[] {
  const router = new TrieRouter<BodyLimitRule>();
  for (const rule of rules) router.add("ALL", rule.path, rule);
  return (path) => router.match("ALL", path)[0].map(([rule]) => rule);
}

/** The largest body a path's writes may send: what its rules declare, else MAX_BODY_BYTES. */
function bodyLimitOf(rules: readonly BodyLimitRule[]): number {
  return rules.length === 0 ? MAX_BODY_BYTES : Math.max(...rules.map((rule) => rule.maxBodyBytes));
}

/** The body types a path accepts: JSON and whatever its rules add; null where any type goes (a page's form). */
function acceptedMediaTypes(path: string, rules: readonly BodyLimitRule[]): readonly string[] | null {
  const declared = rules.flatMap((rule) => rule.mediaTypes ?? []);
  if (!isApiPath(path) && !rules.some((rule) => rule.mediaTypes)) return null;
  return [...JSON_TYPES, ...declared];
}

/**
 * A write a browser sent from another site (cross-site request forgery): its Origin is neither this request's
 * nor the public address, or its Sec-Fetch-Site says another site. Browsers send Origin with every POST, PUT,
 * PATCH and DELETE; a client that sends neither header is not a browser, so it cannot be forged by one. One
 * rule for pages and API alike (hono/csrf checks form content types only, and React Router's own check
 * answers a cross-site action 400 whatever its type).
 */
function sentFromAnotherSite(c: Context, siteOrigin: string): boolean {
  const fetchSite = c.req.header("Sec-Fetch-Site");
  if (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = c.req.header("Origin");
  return origin !== undefined && origin !== new URL(c.req.url).origin && origin !== siteOrigin;
}

function mediaType(c: Context): string {
  return (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** What the guard works with, made once from its options. */
type Guard = {
  options: RequestGuardOptions;
  /** The methods the app's own routes declare for a path. */
  methodsOfRoutes: (path: string) => string[];
  /** The body-limit rules declared for a path. */
  rulesAt: (path: string) => BodyLimitRule[];
  siteOrigin: string;
  uploadTurns: { staff: WriteQueue; others: WriteQueue };
  /** Whether a write is a signed-in staff member's (asked once a request: it reads the session). */
  isStaffWrite: (c: Context) => Promise<boolean>;
};

function guardOf(options: RequestGuardOptions): Guard {
  const staffWrites = new WeakMap<Request, Promise<boolean>>();
  return {
    options,
    methodsOfRoutes: registeredMethods(options.app),
    rulesAt: declaredRules(options.bodyLimits ?? []),
    siteOrigin: new URL(options.siteUrl).origin,
    uploadTurns: {
      staff: new WriteQueue(options.uploadLimits ?? UPLOAD_LIMITS),
      others: new WriteQueue(options.uploadLimits ?? UPLOAD_LIMITS),
    },
    isStaffWrite(c) {
      let answer = staffWrites.get(c.req.raw);
      if (!answer) {
        answer = options.isStaffWrite?.(c) ?? Promise.resolve(false);
        staffWrites.set(c.req.raw, answer);
      }
      return answer;
    },
  };
}

export function requestGuard(options: RequestGuardOptions): MiddlewareHandler<{ Variables: GuardVariables }> {
  const guard = guardOf(options);
  return async (c, next) => {
    if (options.countAllowance)
      c.set("countingClient", countingClient(c, options.countAllowance, options.clientAddress));
    const refusal = await firstRefusal(guard, c);
    if (refusal) {
      logRefusal(options.logger, c, refusal.status);
      await discardUnreadBody(c.req.raw);
      return refusal;
    }
    if (!WRITE_METHODS.includes(c.req.method)) return next();
    const maxBodyBytes = bodyLimitOf(guard.rulesAt(c.req.path));
    if (maxBodyBytes > MAX_BODY_BYTES && mediaType(c) === "multipart/form-data") {
      return upload(guard, c, next, maxBodyBytes);
    }
    const tooLong = await bodyLimit({ maxSize: maxBodyBytes, onError: (c) => tooLarge(c, maxBodyBytes) })(c, next);
    if (tooLong) {
      logRefusal(options.logger, c, tooLong.status);
      return tooLong;
    }
    // A write the route refused may have left its body unread: the connection is not reused after it.
    if (c.res.status >= 400) c.res.headers.set("Connection", "close");
  };
}

/** A read of a page (not of the API or a route the app registered itself). */
function isPageRead(guard: Guard, c: Context): boolean {
  return (
    (c.req.method === "GET" || c.req.method === "HEAD") &&
    !isApiPath(c.req.path) &&
    guard.methodsOfRoutes(c.req.path).length === 0
  );
}

/** The methods a path answers, or null where no route claims it (the API's 404 then answers any method). */
async function allowedMethods(guard: Guard, path: string): Promise<readonly string[] | null> {
  const registered = guard.methodsOfRoutes(path);
  if (registered.length > 0) return registered;
  if (isApiPath(path)) return null;
  return guard.options.pageMethods ? guard.options.pageMethods(path) : null;
}

async function firstRefusal(guard: Guard, c: Context): Promise<Response | null> {
  if (hasMalformedEscape(c.req.url))
    return refuse(c, 400, "The address is not valid (a malformed % escape or a NUL)", "This address is not valid.");
  const canonical = canonicalPathAnswer(c, guard.options.pathSpelling);
  if (canonical) return canonical;
  // Every page answers GET and HEAD: matching the route table for a page read would only cost time.
  if (isPageRead(guard, c)) return null;
  const allowed = await allowedMethods(guard, c.req.path);
  if (allowed && !allowed.includes(c.req.method)) {
    c.header("Allow", allowed.join(", "));
    return refuse(
      c,
      405,
      `Method ${c.req.method} is not allowed here`,
      "This address does not accept that kind of request.",
    );
  }
  return WRITE_METHODS.includes(c.req.method) ? refusalOfWrite(guard, c) : null;
}

async function refusalOfWrite(guard: Guard, c: Context): Promise<Response | null> {
  const rules = guard.rulesAt(c.req.path);
  const maxBodyBytes = bodyLimitOf(rules);
  if (Number(c.req.header("Content-Length") ?? 0) > maxBodyBytes) return tooLarge(c, maxBodyBytes);
  const accepted = acceptedMediaTypes(c.req.path, rules);
  if (accepted && !accepted.includes(mediaType(c))) {
    const types = `Send the body as ${accepted.slice(0, -1).join(", ")} or ${accepted.at(-1)}`;
    return refuse(c, 415, types, types);
  }
  if (sentFromAnotherSite(c, guard.siteOrigin)) {
    return refuse(c, 403, "Cross-site requests are not accepted", "This form can only be sent from this website.");
  }
  const { rateLimiter, clientAddress } = guard.options;
  const allowance = rules.find((rule) => rule.allowance)?.allowance ?? rateLimiter;
  if (allowance === rateLimiter && (await guard.isStaffWrite(c))) return null;
  const decision = await allowance.hit(clientRateKey(clientAddress(c)));
  if (!decision.allowed) {
    c.header("Retry-After", String(decision.retryAfterSeconds));
    return refuse(
      c,
      429,
      "Too many requests; try again later",
      "You have sent a lot of requests in a short time. Please wait a minute and try again.",
    );
  }
  return null;
}

function logRefusal(logger: Logger, c: Context, status: number): void {
  logger.warn({ reqId: c.get("requestId"), method: c.req.method, path: c.req.path, status }, "request refused");
}

/** The request's own question to the counting allowance, asked at most once. */
function countingClient(c: Context, allowance: RateLimiter, clientAddress: (c: Context) => string): CountingClient {
  let answer: Promise<string | null> | undefined;
  return () => {
    answer ??= (async () => {
      const key = clientRateKey(clientAddress(c));
      return (await allowance.hit(key)).allowed ? key : null;
    })();
    return answer;
  };
}

/**
 * A multipart write of an upload route, in its turn and in an upload scope (server/uploads.ts): its body is
 * streamed to temporary files, which are deleted when it ends. Its size was checked by Content-Length, or
 * (a chunked body) is counted as it streams; never held in memory here.
 */
async function upload(guard: Guard, c: Context, next: Next, maxBodyBytes: number): Promise<Response | undefined> {
  const turns = (await guard.isStaffWrite(c)) ? guard.uploadTurns.staff : guard.uploadTurns.others;
  let started = false;
  try {
    await turns.run(() => {
      started = true;
      return withUploadScope(maxBodyBytes, next);
    });
  } catch (error) {
    if (started || !(error instanceof WriteQueueFull)) throw error;
    c.header("Retry-After", String(error.retryAfterSeconds));
    logRefusal(guard.options.logger, c, 503);
    return refuse(
      c,
      503,
      "Too many uploads at once; try again later",
      "Many photos are being sent at the moment. Please wait a minute and send the form again.",
    );
  }
  if (c.res.status >= 400) c.res.headers.set("Connection", "close");
}

/**
 * The one notion of the path (server/request-path.ts), before anything decides by it: another spelling of a
 * page's path is redirected to its canonical one (301 for a read, 308 for a write, which keeps its method and
 * body), an API path's refused with 400 naming it (an API client follows its document, not redirects), an
 * ambiguous one refused with 400; null for the canonical spelling.
 */
function canonicalPathAnswer(c: Context, spelling: ((decodedPath: string) => string) | undefined): Response | null {
  const url = new URL(c.req.url);
  const api = isApiPath(url.pathname);
  const verdict = pathVerdict(url.pathname, spelling, { keepEmptySegments: api });
  if (verdict.kind === "canonical") return null;
  if (verdict.kind === "refused")
    return refuse(c, 400, `The address is not valid (${verdict.reason})`, "This address is not valid.");
  if (api)
    return refuse(
      c,
      400,
      `The address is not in its one spelling: ask for ${verdict.path}`,
      "This address is not valid.",
    );
  c.header("Connection", WRITE_METHODS.includes(c.req.method) ? "close" : undefined);
  return c.redirect(`${verdict.path}${url.search}`, WRITE_METHODS.includes(c.req.method) ? 308 : 301);
}

/** A refused body up to this size is read and dropped before the answer; a larger one is answered at once. */
const LINGER_MAX_BYTES = 1024 * 1024;
/** How long a refused body may take to arrive before the answer goes out anyway. */
const LINGER_MS = 2_000;

/**
 * Reads and drops a refused request's body (declared at most LINGER_MAX_BYTES, for at most LINGER_MS) before the
 * answer, as nginx's lingering close does: a client or proxy still sending it would otherwise have its connection
 * reset when the server closes it, and never read the answer (a proxy retries, then answers 502). Nothing is kept.
 */
async function discardUnreadBody(request: Request): Promise<void> {
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (!request.body || request.bodyUsed || !(declared > 0) || declared > LINGER_MAX_BYTES) return;
  const reader = request.body.getReader();
  const giveUp = setTimeout(() => void reader.cancel().catch(() => {}), LINGER_MS);
  try {
    for (let read = 0; read <= declared; ) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
    }
  } catch {
    // The client went away, or took too long: the answer goes out as it would have.
  } finally {
    clearTimeout(giveUp);
  }
}

function tooLarge(c: Context, maxBodyBytes: number): Response {
  return refuse(
    c,
    413,
    `Request body is larger than ${maxBodyBytes / 1024} KB`,
    "Your message is too long to send. Please shorten it and try again.",
  );
}

/** The client's address: the socket peer, or the first X-Forwarded-For hop when behind a trusted proxy. */
export function clientAddressResolver(trustProxy: boolean): (c: Context) => string {
  return (c) => {
    if (trustProxy) {
      const forwarded = c.req.header("X-Forwarded-For")?.split(",")[0]?.trim();
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? "unknown";
    } catch {
      return "unknown";
    }
  };
}

/** Reads a JSON body; null when it is not valid JSON (the caller answers 400). */
export async function readJsonBody(c: Context): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: await c.req.json() };
  } catch {
    return { ok: false };
  }
}
