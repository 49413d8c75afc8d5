import { z } from "zod";
import { type Parsed, violationsFromZod } from "../shared/violations.ts";
import { VITAL_NAMES, VITALS, type VitalName } from "./vitals.ts";

/** The largest beacon accepted: a page path and five numbers fit in a few hundred bytes. */
export const VITALS_BEACON_MAX_BYTES = 2 * 1024;

const measurement = z.strictObject({
  name: z.enum(VITAL_NAMES),
  value: z.number().finite().min(0),
});

/**
 * What a page sends (app/lib/web-vitals.client.ts): the path it was loaded at, only to tell its type (never
 * stored), and each vital measured there once.
 */
const beaconSchema = z.strictObject({
  page: z.string().startsWith("/", "must be the page's path, starting with /").max(1024),
  metrics: z
    .array(measurement)
    .min(1)
    .max(VITAL_NAMES.length)
    .superRefine((metrics, context) => {
      const seen = new Set<VitalName>();
      metrics.forEach((metric, index) => {
        if (seen.has(metric.name))
          context.addIssue({ code: "custom", path: [index, "name"], message: `${metric.name} is reported twice` });
        seen.add(metric.name);
        const { max, unit } = VITALS[metric.name];
        if (metric.value > max)
          context.addIssue({
            code: "custom",
            path: [index, "value"],
            message: `${metric.name} must be at most ${max}${unit ? ` ${unit}` : ""}`,
          });
      });
    }),
});

export type VitalsBeacon = z.infer<typeof beaconSchema>;

export function parseVitalsBeacon(input: unknown): Parsed<VitalsBeacon> {
  const parsed = beaconSchema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, violations: violationsFromZod(parsed.error) };
}
