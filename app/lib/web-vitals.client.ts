import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";

/** Where the beacons go: the site's own origin, never another host (server/vitals.ts). */
const VITALS_ENDPOINT = "/vitals";

let started = false;

/**
 * Measures this page load's Core Web Vitals (the `web-vitals` library reads the browser's buffered performance
 * entries, so it may start after hydration and still see the first paints) and sends them in one beacon when the
 * page is hidden or left: each vital once, with the path the page was loaded at and nothing else: no identifier, and
 * no cookie of this site or another.
 */
export function reportWebVitals(page: string): void {
  if (started || typeof fetch !== "function") return;
  started = true;
  const measured = new Map<Metric["name"], number>();
  const sent = new Set<Metric["name"]>();
  const keep = (metric: Metric) => {
    if (!sent.has(metric.name)) measured.set(metric.name, metric.value);
  };
  const send = () => {
    if (measured.size === 0) return;
    const metrics = [...measured].map(([name, value]) => ({ name, value: Math.round(value * 10_000) / 10_000 }));
    // A keep-alive fetch rather than sendBeacon: it outlives the page as a beacon does, and unlike one it can leave
    // the site's cookies behind (the visit's source), so the vitals arrive with nothing but themselves.
    void fetch(VITALS_ENDPOINT, {
      method: "POST",
      body: JSON.stringify({ page, metrics }),
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
      credentials: "omit",
      keepalive: true,
    }).catch(() => undefined);
    for (const name of measured.keys()) sent.add(name);
    measured.clear();
  };
  onCLS(keep);
  // Every change of INP, not only the one web-vitals reports when the page is hidden: it processes a tap's timing when
  // the browser is idle, and a page hidden before then had its report go out first, without the tap (the library's
  // own hidden-page report runs before that processing). Each change replaces the last; one value is sent.
  onINP(keep, { reportAllChanges: true });
  onLCP(keep);
  onFCP(keep);
  onTTFB(keep);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") send();
  });
  addEventListener("pagehide", send);
  // The sign, for the browser tests, that this page load's vitals are being measured and will be sent.
  document.documentElement.dataset.vitals = "measuring";
}
