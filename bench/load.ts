import autocannon from "autocannon";
import { mulberry32 } from "../seed/used-stock.ts";
import {
  BODY_TYPES,
  FUEL_TYPES,
  MILEAGE_STEPS,
  ORDER_FIELDS,
  PRICE_STEPS,
  PROVINCES,
  TRANSMISSIONS,
  VEHICLE_STATES,
} from "../core/inventory/used-query.ts";
import { quantile } from "./stats.ts";

export type LoadResult = {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers outside 2xx plus requests that got no answer (errors, of which timeouts: no answer in 10 s). */
  failures: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  /** CPU time per answer (ms) of the server process and of the database's processes (null: inside the server). */
  cpuMsPerAnswer?: { server: number; database: number | null };
  /** A server-rendered page of ours, or the floor's page (the throughput ratios compare the two). */
  kind?: ScenarioKind;
};

/**
 * A page of ours or the floor's; a "miss" asks for it with a query string of its own on every request, so that
 * the rendered-page cache never answers and each answer is a render.
 */
export type ScenarioKind = "page" | "floor" | "page-miss" | "floor-miss";

export const isMissKind = (kind: ScenarioKind | undefined): boolean => kind === "page-miss" || kind === "floor-miss";

export type Scenario = {
  name: string;
  method?: "GET" | "POST";
  /** A path per request (a generator for varied requests), and the body for a POST. */
  next: () => { path: string; body?: string };
  headers?: Record<string, string>;
  /** Concurrent connections for this scenario when not the run's (one shows a request's own time, no queueing). */
  connections?: number;
  kind?: ScenarioKind;
  /** Another server's address (the floor's) when the scenario is not against ours. */
  baseUrl?: string;
};

/** Runs one scenario for `seconds` at `connections` and measures every answer's latency itself (autocannon has no p95). */
export async function runScenario(
  baseUrl: string,
  scenario: Scenario,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const instance = autocannon({
    url: scenario.baseUrl ?? baseUrl,
    connections: scenario.connections ?? connections,
    duration: seconds,
    method: scenario.method ?? "GET",
    headers: scenario.headers,
    requests: [
      {
        setupRequest: (request) => {
          const { path, body } = scenario.next();
          return { ...request, path, ...(body === undefined ? {} : { body }) };
        },
      },
    ],
    // Without a callback the instance is both the event emitter and a promise of the result.
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  const non2xx = Object.entries(statuses)
    .filter(([code]) => !code.startsWith("2"))
    .reduce((sum, [, n]) => sum + n, 0);
  const elapsedSeconds = (result.finish.getTime() - result.start.getTime()) / 1000;
  return {
    name: scenario.name,
    requests: latencies.length,
    rps: latencies.length / elapsedSeconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    // autocannon counts a timeout among the errors too.
    failures: non2xx + result.errors,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    ...(scenario.kind ? { kind: scenario.kind } : {}),
  };
}

/** Random used-vehicle API queries: make/model, gearbox/condition/fuel subsets, a sort and a page, as a client would mix them. */
function usedApiRequests(makes: { slug: string; models: string[] }[], seed = 42): Scenario["next"] {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const subset = <T>(items: readonly T[]): T[] => (random() < 0.55 ? [] : items.filter(() => random() < 0.5));
  return () => {
    const params = new URLSearchParams();
    if (random() < 0.5) {
      const make = pick(makes);
      params.set("make_slug", make.slug);
      if (random() < 0.5 && make.models.length > 0) params.set("model_slug", pick(make.models));
    }
    for (const fuel of subset(FUEL_TYPES)) params.append("fuelType[]", fuel);
    for (const gearbox of subset(TRANSMISSIONS)) params.append("transmissionType[]", gearbox);
    for (const state of subset(VEHICLE_STATES)) params.append("vehicle_state[]", state);
    if (random() < 0.7) params.set(`order[${pick(ORDER_FIELDS)}]`, pick(["asc", "desc"]));
    // Mostly early pages, as buyers browse; a page past the end answers an empty list, which is fine here.
    const roll = random();
    const page = roll < 0.6 ? 1 : roll < 0.85 ? 2 + Math.floor(random() * 4) : 1 + Math.floor(random() * 400);
    if (page > 1) params.set("page", String(page));
    return { path: `/api/vehicles?${params}` };
  };
}

/** Keywords buyers type, typos included. */
const KEYWORDS = [
  "jazz auto",
  "cr-v 2021 diesel",
  "hodna civc",
  "polo vivo",
  "white suv",
  "corola",
  "fortuner 2019",
  "elegance cvt",
  "bakkie",
];

/**
 * The refinements on top of the mix: price, year and mileage ranges, body types, provinces, colours,
 * dealers and keywords, as a buyer narrowing the list on a phone would combine them, with sorts and pages.
 */
function refinedApiRequests(
  makes: { slug: string; models: string[] }[],
  dealers: readonly string[],
  seed = 17,
): Scenario["next"] {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const base = usedApiRequests(makes, seed + 1);
  return () => {
    const params = new URL(base().path, "http://x").searchParams;
    if (random() < 0.6) params.set("price[lte]", String(pick(PRICE_STEPS)));
    if (random() < 0.2) params.set("price[gte]", String(pick(PRICE_STEPS.slice(0, 3))));
    if (random() < 0.5) params.set("year[gte]", String(2016 + Math.floor(random() * 10)));
    if (random() < 0.4) params.set("mileage[lte]", String(pick(MILEAGE_STEPS)));
    if (random() < 0.5) params.append("bodyType[]", pick(BODY_TYPES.slice(0, 6)));
    if (random() < 0.4) params.append("province[]", pick(PROVINCES));
    if (random() < 0.15) params.append("colour[]", pick(["white", "grey", "black", "red"]));
    if (random() < 0.25 && dealers.length > 0) params.append("dealer[]", pick(dealers));
    if (random() < 0.3) params.set("q", pick(KEYWORDS));
    if (params.has("price[gte]") && Number(params.get("price[gte]")) > Number(params.get("price[lte]") ?? Infinity))
      params.delete("price[gte]");
    return { path: `/api/vehicles?${params}` };
  };
}

/** The used-vehicle API under the random mix, asking for JSON-LD as the site's clients do. */
export function usedApiScenario(
  name: string,
  makes: { slug: string; models: string[] }[],
  { seed, connections }: { seed?: number; connections?: number } = {},
): Scenario {
  return {
    name,
    next: usedApiRequests(makes, seed),
    headers: { Accept: "application/ld+json" },
    ...(connections ? { connections } : {}),
  };
}

/** The used-vehicle API with the refinements (see `refinedApiRequests`). */
export function refinedApiScenario(
  name: string,
  makes: { slug: string; models: string[] }[],
  dealers: readonly string[],
): Scenario {
  return { name, next: refinedApiRequests(makes, dealers), headers: { Accept: "application/ld+json" } };
}

/** A new-car enquiry with a message of its own each time, so that every POST stores a lead (no dedupe). */
export function enquiryRequests(runId: string): Scenario["next"] {
  let serial = 0;
  return () => {
    serial += 1;
    const body = {
      form_name: "New Vehicles",
      lead_type: "New Vehicles",
      first_name: "Bench",
      last_name: "Load",
      email: `bench.${runId}.${serial}@example.co.za`,
      cell_phone: "072 815 9130",
      make: "Honda",
      model: "CR-V",
      variant: "1.5T Comfort CVT",
      message: `Load test ${runId} enquiry ${serial}`,
      contact: true,
      terms: true,
      dealer_slug: "honda-umhlanga",
      uri: "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
    };
    return { path: "/api/customer_enquiries", body: JSON.stringify(body) };
  };
}

export const fixedPath =
  (path: string): Scenario["next"] =>
  () => ({ path });

/** A browser's User-Agent: a page asked for without one is not counted (server/page-counts.ts), so it would not measure the counting. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

/** A page as a browser asks for it (HTML, compressed, a browser's User-Agent), so that the page's own cost is what is measured. */
export function pageScenario(name: string, path: string, kind: ScenarioKind = "page", baseUrl?: string): Scenario {
  const next = isMissKind(kind) ? uniqueQueryPath(path) : fixedPath(path);
  return {
    name,
    next,
    kind,
    headers: { Accept: "text/html", "Accept-Encoding": "br, gzip", "User-Agent": BROWSER_USER_AGENT },
    ...(baseUrl ? { baseUrl } : {}),
  };
}

/** The path with a query parameter of its own on every request (`bench=1`, `bench=2`...), which no page reads. */
export function uniqueQueryPath(path: string): Scenario["next"] {
  return uniqueQueryPaths([path]);
}

/** The paths in turn, each request with a query parameter of its own, as `uniqueQueryPath`. */
export function uniqueQueryPaths(paths: readonly string[]): Scenario["next"] {
  if (paths.length === 0) throw new Error("no paths to ask for");
  let request = 0;
  return () => {
    const path = paths[request % paths.length]!;
    const separator = path.includes("?") ? "&" : "?";
    return { path: `${path}${separator}bench=${++request}` };
  };
}
