import { useEffect } from "react";

/**
 * Starts the Core Web Vitals report of this page load for a sampled share of visits (VITALS_SAMPLE_RATE,
 * decision 053). The measuring script is a chunk of its own, fetched only for a visit in the sample and only once
 * the page has hydrated and the browser is idle, so it adds nothing before the first paint nor to hydration
 * (decision 048). It measures the page the visitor landed on: later client-side navigations are not hard loads.
 */
export function useWebVitalsReport(sampleRate: number): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load: the layout stays mounted across client-side navigations
  useEffect(() => {
    if (!(Math.random() < sampleRate)) return;
    const page = location.pathname;
    const start = () =>
      void import("./web-vitals.client.ts").then(({ reportWebVitals }) => reportWebVitals(page)).catch(() => {});
    if (typeof requestIdleCallback === "function") requestIdleCallback(start, { timeout: 5_000 });
    else setTimeout(start, 1_000);
  }, []);
}
