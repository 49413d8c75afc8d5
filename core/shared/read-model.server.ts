import { setTimeout as sleep } from "node:timers/promises";
import type { Database } from "../../db/client.ts";
import type { Logger } from "pino";
import type { ChangeNotifications } from "./change-notifications.ts";

/**
 * Something a public page reads, held in memory: dealers, banners, specials, blog posts, the
 * catalogue... `load` reads all of it with SQL; what a page asks of it (a dealer's deals, this week's
 * banners, page 2 of the blog) is a pure function of the loaded value and, for anything scheduled, of the
 * current time, so that the same function answers from memory and from a fresh SQL read.
 *
 * Define each model once, at module level (`defineReadModel`), and read it through the request's
 * `context.readModels.read(model)`.
 */
export type ReadModelDefinition<T> = {
  /** Unique among the models: what memory holds it under, and its name in logs, /readyz and metrics. */
  readonly name: string;
  /** The tables whose change makes the value stale: each must carry migration 0019's `data_changed` trigger. */
  readonly tables: readonly string[];
  /** Reads the whole value with SQL, in one consistent snapshot where it takes several statements. */
  load(db: Database): Promise<T>;
};

export function defineReadModel<T>(definition: ReadModelDefinition<T>): ReadModelDefinition<T> {
  return definition;
}

export type ReadModelState =
  /** Nothing tells this process about changes: every read is a query. */
  | "database"
  /** Being read, or notifications lost: reads are queries meanwhile. */
  | "loading"
  /** Reads come from memory, which holds the value as it is. */
  | "current";

/** How long a model's tables must stay unchanged before it is read again (an edit or import is several statements). */
const SETTLE_MS = 200;
/** The pause before reading again after a failed read. */
const RETRY_MS = 5_000;

type Slot = {
  definition: ReadModelDefinition<unknown>;
  value: { data: unknown; readAt: Date } | null;
  /** Counts the notifications of change: a query started since the last one answers every reader meanwhile. */
  generation: number;
  /** The query answering readers while memory does not hold the value, and the generation it started in. */
  querying: { generation: number; data: Promise<unknown> } | null;
  changed: boolean;
  reading: Promise<void> | null;
  unsubscribe: () => void;
};

/**
 * The public site's read models. Without change notifications (tests, `createApp` defaults) every read is
 * a query. With them (`new ReadModels(db, { changes })`, the server), a model is read into memory on first
 * use (or at start, `preload`) and answered from memory until a notification says one of its tables
 * changed; from then until it has been read again, and whenever notifications may be missed, reads are
 * queries: a value is never older than the notification of a change, on every instance.
 * See docs/decisions/034-public-read-models.md.
 */
export class ReadModels {
  /**
   * By name: a model is its name (unique, and what logs, /readyz and the metrics call it). The page tests serve the
   * built pages beside the server's own modules, so there a preloaded definition and a page's are two objects.
   */
  private readonly slots = new Map<string, Slot>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly db: Database,
    private readonly options: { changes?: ChangeNotifications; logger?: Logger } = {},
  ) {}

  /** The model's value: from memory when it holds the current value, else read with SQL for this caller. */
  read<T>(definition: ReadModelDefinition<T>): Promise<T> {
    const slot = this.slotFor(definition as ReadModelDefinition<unknown>);
    if (!slot) return definition.load(this.db);
    if (slot.value) return Promise.resolve(slot.value.data as T);
    return this.sharedQuery(slot) as Promise<T>;
  }

  /**
   * While memory does not hold the value (being read, notifications lost), readers share one query started
   * after the last notification of change, rather than each reading the whole model: a burst of visitors just
   * after an edit costs one query, and none of them gets a value older than the change.
   */
  private sharedQuery(slot: Slot): Promise<unknown> {
    if (slot.querying?.generation === slot.generation) return slot.querying.data;
    const querying = { generation: slot.generation, data: slot.definition.load(this.db) };
    slot.querying = querying;
    const forget = () => {
      if (slot.querying === querying) slot.querying = null;
    };
    querying.data.then(forget, forget);
    return querying.data;
  }

  /** Starts reading these models into memory now, rather than on their first use. */
  preload(definitions: readonly ReadModelDefinition<unknown>[]): void {
    for (const definition of definitions) this.slotFor(definition);
  }

  /** Each model's state, by name, for /readyz and the metrics. */
  states(): Record<string, ReadModelState> {
    const states: Record<string, ReadModelState> = {};
    for (const slot of this.slots.values()) states[slot.definition.name] = this.stateOf(slot);
    return states;
  }

  /** When each model held in memory was read, by name (null while its reads are queries), for the metrics. */
  readTimes(): Record<string, Date | null> {
    const times: Record<string, Date | null> = {};
    for (const slot of this.slots.values()) times[slot.definition.name] = slot.value?.readAt ?? null;
    return times;
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    const readings = [...this.slots.values()].map((slot) => {
      slot.unsubscribe();
      slot.value = null;
      return slot.reading;
    });
    await Promise.all(readings);
  }

  private stateOf(slot: Slot): ReadModelState {
    if (slot.value) return "current";
    return this.options.changes && !this.stopping.signal.aborted ? "loading" : "database";
  }

  /** The model's slot, subscribed to its tables' changes on first use; null when nothing reports changes. */
  private slotFor(definition: ReadModelDefinition<unknown>): Slot | null {
    const changes = this.options.changes;
    if (!changes || this.stopping.signal.aborted) return null;
    const slot = this.slots.get(definition.name);
    if (slot) return slot;
    const created: Slot = {
      definition,
      value: null,
      generation: 0,
      querying: null,
      changed: false,
      reading: null,
      unsubscribe: () => {},
    };
    this.slots.set(definition.name, created);
    created.unsubscribe = changes.subscribe(definition.tables, {
      onChange: () => this.changed(created),
      onLost: () => {
        created.value = null;
        created.generation += 1;
        this.options.logger?.warn(
          { model: definition.name },
          "read model: lost the change notifications; answering with queries until they are back",
        );
      },
      onListening: () => this.changed(created),
    });
    return created;
  }

  private changed(slot: Slot): void {
    slot.value = null;
    slot.generation += 1;
    slot.changed = true;
    slot.reading ??= this.readUntilCurrent(slot).finally(() => {
      slot.reading = null;
      // A change that arrived as the read finished, after its last look, is read now.
      if (slot.changed && !this.stopping.signal.aborted) this.changed(slot);
    });
  }

  /** Reads the model once its tables have settled, and again while they changed during the read. */
  private async readUntilCurrent(slot: Slot): Promise<void> {
    const { definition } = slot;
    while (slot.changed && !this.stopping.signal.aborted) {
      do {
        slot.changed = false;
        await this.pause(SETTLE_MS);
      } while (slot.changed && !this.stopping.signal.aborted);
      try {
        const started = performance.now();
        const data = await definition.load(this.db);
        // A change during the read, or lost notifications, leave it unknown whether the read saw everything.
        if (slot.changed || !this.options.changes?.isListening || this.stopping.signal.aborted) continue;
        slot.value = { data, readAt: new Date() };
        this.options.logger?.debug(
          { model: definition.name, ms: Math.round(performance.now() - started) },
          "read model read into memory",
        );
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        this.options.logger?.warn(
          { err: error, model: definition.name },
          "read model: could not read it; answering with queries, trying again",
        );
        await this.pause(RETRY_MS);
        slot.changed = true;
      }
    }
  }

  /** A pause that `stop` cuts short. */
  private pause(ms: number): Promise<void> {
    return sleep(ms, undefined, { signal: this.stopping.signal }).catch(() => {});
  }
}
