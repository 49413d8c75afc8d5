import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { pageCountsDaily } from "../../db/schema.ts";
import { NAMED_SOURCES } from "../attribution/visit.ts";
import { DatabaseRateLimiter } from "../shared/database-rate-limiter.server.ts";
import type { RateLimiter } from "../shared/rate-limiter.ts";

/**
 * How many sources the daily page counts name (decision 072). A visit's source, medium and campaign come from the
 * visitor's link, Referer and cookie: anyone can make up a new one on every request, and each would become a row
 * kept 25 months and a line on /staff/insights. So a source this site names itself (a search engine, a social
 * network, direct: a bounded set) is always counted by its name, and any other one is admitted on the day it is
 * first counted within two caps: new sources per South African day for the group, and per client (a visitor's
 * address). A count whose source is not admitted is counted as "(other)": the totals stay right, only the label
 * collapses.
 *
 * Both caps are counted in the database (rate_limit_windows, as the forms' allowance on PostgreSQL), so that every
 * instance and every restart counts against the same allowance, and a source another instance admitted earlier
 * in the day (found in page_counts_daily) is admitted again without using it. Decided when the counts are written,
 * never on a page request; until then each instance holds back at most `perDay` candidates and `perClient` per
 * client, and counts the rest as "(other)" at once.
 */
export type SourceCapLimits = {
  /** New sources the group's counts take per South African day (PAGE_COUNTS_NEW_SOURCES_PER_DAY). */
  perDay: number;
  /** New sources one client may bring per South African day (PAGE_COUNTS_NEW_SOURCES_PER_CLIENT). */
  perClient: number;
};

export const DEFAULT_SOURCE_CAP: SourceCapLimits = { perDay: 500, perClient: 20 };

/** A source, medium and campaign as page_counts_daily keeps them ('' for no campaign). */
export type SourceLabel = { source: string; medium: string; campaign: string };

/** The label a count is kept under when its own was not admitted (also past the memory bound of a flush). */
export const OVERFLOW_SOURCE = "(other)";
export const OVERFLOW_LABEL: SourceLabel = { source: OVERFLOW_SOURCE, medium: OVERFLOW_SOURCE, campaign: "" };

/** The mediums this site names itself for the sources it names (core/attribution/visit.ts). */
const NAMED_MEDIUMS: ReadonlySet<string> = new Set(["organic", "social", "cpc", "(none)"]);

/** A label anyone could not make up: a named source and medium without a campaign, "(none)" or "(other)". */
function isBoundedLabel({ source, medium, campaign }: SourceLabel): boolean {
  if (campaign !== "") return false;
  if (source === OVERFLOW_SOURCE || source === "(none)") return true;
  return NAMED_SOURCES.has(source) && NAMED_MEDIUMS.has(medium);
}

const DAY_MS = 86_400_000;
/** South African time is UTC+2 all year: the caps' windows start at midnight there. */
const SAST_OFFSET_MS = 2 * 3_600_000;
/** Between the parts of a candidate's key: a control character, which no part holds. */
const SEPARATOR = "\u001f";

const labelKey = (day: string, label: SourceLabel) => [day, label.source, label.medium, label.campaign].join(SEPARATOR);

/** The days whose state is kept: today and yesterday (a flush just after midnight still writes yesterday's counts). */
const DAYS_KEPT = 2;

export class NewSourceCap {
  /** Per day: the labels admitted (here, or found in the database). */
  private readonly admitted = new Map<string, Set<string>>();
  /** Per day: the new labels each client brought since the day began, in this instance. */
  private readonly broughtBy = new Map<string, Map<string, number>>();
  /** Labels counted since the last flush and not decided yet, with the client that brought each first. */
  private candidates = new Map<string, { day: string; label: SourceLabel; client: string | undefined }>();
  /** The day the group's cap was found used up. */
  private exhaustedDay: string | null = null;
  private readonly perDay: RateLimiter;
  private readonly perClient: RateLimiter;

  constructor(
    private readonly db: Database,
    private readonly limits: SourceCapLimits = DEFAULT_SOURCE_CAP,
    now: () => number = Date.now,
  ) {
    const southAfricanNow = () => now() + SAST_OFFSET_MS;
    this.perDay = new DatabaseRateLimiter(db, limits.perDay, DAY_MS, southAfricanNow, "page-count-sources");
    this.perClient = new DatabaseRateLimiter(
      db,
      limits.perClient,
      DAY_MS,
      southAfricanNow,
      "page-count-sources-client",
    );
  }

  /**
   * Whether a count of `day` keeps its label until the next flush decides (true), or is counted as "(other)" at
   * once (false). A bounded label, one admitted today, or one already waiting is kept; a new one waits for the
   * decision while the instance's own share of both caps allows.
   */
  keeps(day: string, label: SourceLabel, client: string | undefined): boolean {
    if (isBoundedLabel(label)) return true;
    const key = labelKey(day, label);
    if (this.admitted.get(day)?.has(key) || this.candidates.has(key)) return true;
    if (this.exhaustedDay === day || this.candidates.size >= this.limits.perDay) return false;
    if (client !== undefined) {
      const brought = dayEntry(this.broughtBy, day, () => new Map<string, number>());
      const count = brought.get(client) ?? 0;
      if (count >= this.limits.perClient) return false;
      brought.set(client, count + 1);
    }
    this.candidates.set(key, { day, label, client });
    return true;
  }

  /**
   * Decides the labels that waited since the last flush: answers whether a label of a day is refused (its counts
   * go under "(other)"), and a function that puts the undecided ones back when the counts could not be written.
   */
  async decide(): Promise<{ refused: (day: string, label: SourceLabel) => boolean; putBack: () => void }> {
    const waiting = this.candidates;
    this.candidates = new Map();
    const refused = new Set<string>();
    const putBack = () => {
      for (const [key, candidate] of waiting)
        if (!this.admitted.get(candidate.day)?.has(key)) this.candidates.set(key, candidate);
    };
    if (waiting.size === 0) return { refused: () => false, putBack };
    try {
      await this.markAlreadyCounted(waiting);
      for (const [key, { day, client }] of [...waiting].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        if (this.admitted.get(day)?.has(key)) continue;
        if (await this.admits(day, client)) dayEntry(this.admitted, day, () => new Set<string>()).add(key);
        else refused.add(key);
      }
    } catch (error) {
      putBack();
      throw error;
    }
    return { refused: (day, label) => refused.has(labelKey(day, label)), putBack };
  }

  /** Uses one of the client's and one of the group's new sources of the day; false when either is used up. */
  private async admits(day: string, client: string | undefined): Promise<boolean> {
    if (this.exhaustedDay === day) return false;
    if (client !== undefined && !(await this.perClient.hit(client)).allowed) return false;
    if ((await this.perDay.hit("group")).allowed) return true;
    this.exhaustedDay = day;
    return false;
  }

  /** Admits the waiting labels that are in the day's counts already (admitted by another instance, or before a restart). */
  private async markAlreadyCounted(waiting: ReadonlyMap<string, { day: string; label: SourceLabel }>) {
    const byDay = new Map<string, SourceLabel[]>();
    for (const { day, label } of waiting.values()) byDay.set(day, [...(byDay.get(day) ?? []), label]);
    for (const [day, labels] of byDay) {
      const found = await this.db
        .selectDistinct({
          source: pageCountsDaily.source,
          medium: pageCountsDaily.medium,
          campaign: pageCountsDaily.campaign,
        })
        .from(pageCountsDaily)
        .where(
          and(
            eq(pageCountsDaily.day, day),
            inArray(pageCountsDaily.source, [...new Set(labels.map((label) => label.source))]),
            sql`(${pageCountsDaily.source}, ${pageCountsDaily.medium}, ${pageCountsDaily.campaign}) in (${sql.join(
              labels.map((label) => sql`(${label.source}, ${label.medium}, ${label.campaign})`),
              sql`, `,
            )})`,
          ),
        );
      const admitted = dayEntry(this.admitted, day, () => new Set<string>());
      for (const label of found) admitted.add(labelKey(day, label));
    }
  }
}

/** The entry of `day` in a map kept for the last DAYS_KEPT days, made when missing (older days are dropped). */
function dayEntry<T>(map: Map<string, T>, day: string, make: () => T): T {
  let entry = map.get(day);
  if (entry) return entry;
  entry = make();
  map.set(day, entry);
  const days = [...map.keys()].sort();
  for (const old of days.slice(0, Math.max(0, days.length - DAYS_KEPT))) map.delete(old);
  return entry;
}
