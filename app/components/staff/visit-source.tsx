import type { LeadAttribution } from "../../../core/attribution/visit.ts";

const CLICK_IDS = [
  ["gclid", "Google Ads click id"],
  ["fbclid", "Facebook click id"],
  ["ttclid", "TikTok click id"],
] as const;

/**
 * Where the visit that sent a lead came from, as the lead and finance application pages show it:
 * "Not recorded" for a lead sent without a live visit (an API client's, or one sent after the visit ended).
 */
export function VisitSource({
  attribution,
  headingLevel = 2,
}: {
  attribution: LeadAttribution | null;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const rows: [string, string | null | undefined][] = attribution
    ? [
        ["Source", attribution.source],
        ["Medium", attribution.medium],
        ["Campaign", attribution.campaign],
        ["Term", attribution.term],
        ["Content", attribution.content],
        ["Referring site", attribution.referrerHost],
        ["Landing page", attribution.landingPath],
        ...CLICK_IDS.map(([name, label]): [string, string | undefined] => [label, attribution.clickIds[name]]),
      ]
    : [];
  return (
    <section
      aria-labelledby="visit-source-heading"
      className="min-w-0 rounded border border-gray-300 p-4 wrap-anywhere"
    >
      <Heading id="visit-source-heading" className="text-xl font-bold">
        Where the visit came from
      </Heading>
      {attribution ? (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {rows
            .filter((row): row is [string, string] => Boolean(row[1]))
            .map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="font-semibold">{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      ) : (
        <p className="mt-3">
          <strong>Source:</strong> Not recorded
        </p>
      )}
    </section>
  );
}
