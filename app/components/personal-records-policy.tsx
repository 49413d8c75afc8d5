import type { retentionPolicy } from "../../core/privacy/privacy.server.ts";

/** One kind of personal record as the privacy policy and the processing register state it (core/privacy). */
export type KindPolicy = ReturnType<typeof retentionPolicy>[number];

const AFTERWARDS: Record<KindPolicy["afterwards"], string> = {
  deleted: "then deleted",
  anonymised:
    "then anonymised: names, contact details, ID numbers, free text and photos are removed, and only dates and amounts stay so that totals still add up",
};

/**
 * Each kind of personal record: what is collected, why, who receives it, and how long it is kept. Rendered from the
 * same settings the daily retention job reads, so the page cannot say something the site does not do.
 */
export function PersonalRecordsPolicy({
  kinds,
  headingClassName,
  termClassName = "font-semibold",
}: {
  kinds: readonly KindPolicy[];
  headingClassName?: string;
  termClassName?: string;
}) {
  return (
    <>
      {kinds.map((kind) => (
        <section key={kind.kind} aria-labelledby={`kept-${kind.kind}`}>
          <h3 id={`kept-${kind.kind}`} className={headingClassName}>
            {kind.label}
          </h3>
          <dl>
            <dt className={termClassName}>What</dt>
            <dd>
              {kind.collected} ({kind.category.toLowerCase()})
            </dd>
            <dt className={termClassName}>Why</dt>
            <dd>{kind.purpose}</dd>
            <dt className={termClassName}>Who receives it</dt>
            <dd>{kind.recipients}</dd>
            <dt className={termClassName}>How long</dt>
            <dd>
              {kind.keptFor}, {AFTERWARDS[kind.afterwards]}
            </dd>
          </dl>
        </section>
      ))}
    </>
  );
}
