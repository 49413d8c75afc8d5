// biome-ignore lint/style/noRestrictedImports: types only, which the browser's script does not carry
import type { Listening, ListenHandlers } from "../../db/listen.ts";

/** The channel migration 0019's triggers notify, with the changed table's name, after every statement that changes it. */
const DATA_CHANGED_CHANNEL = "data_changed";

/** What a subscriber is told: one of its tables changed, notifications may be missed (lost), or arrive again (listening). */
export type ChangeHandlers = {
  onChange: (table: string) => void;
  onLost: () => void;
  onListening: () => void;
};

export type ChangeSource = { listen(channel: string, handlers: ListenHandlers): Promise<Listening> };

/** The tables a subscriber is told about; null for every table that notifies. */
type Subscription = { tables: ReadonlySet<string> | null; handlers: ChangeHandlers };

/**
 * The one change notification of everything held in memory: one LISTEN per process on DATA_CHANGED_CHANNEL
 * (a connection of its own on PostgreSQL, see db/listen.ts; in process on PGlite), handed to each subscriber
 * whose tables changed. A subscriber that joins while notifications flow is told it is listening at once; one
 * that joins before `start` (or while the connection is lost) hears `onListening` when they flow.
 * See docs/decisions/034-public-read-models.md.
 */
export class ChangeNotifications {
  private readonly subscriptions = new Set<Subscription>();
  private listener: Listening | null = null;
  private listening = false;

  get isListening(): boolean {
    return this.listening;
  }

  async start(source: ChangeSource): Promise<void> {
    if (this.listener) throw new Error("ChangeNotifications already started");
    this.listener = await source.listen(DATA_CHANGED_CHANNEL, {
      onNotify: (table) => {
        for (const { tables, handlers } of this.subscriptions)
          if (table === "" || !tables || tables.has(table)) handlers.onChange(table);
      },
      onLost: () => {
        this.listening = false;
        for (const { handlers } of this.subscriptions) handlers.onLost();
      },
      onListening: () => {
        this.listening = true;
        for (const { handlers } of this.subscriptions) handlers.onListening();
      },
    });
  }

  /** Tells `handlers` about changes to `tables` until the returned function is called. */
  subscribe(tables: readonly string[], handlers: ChangeHandlers): () => void {
    return this.add({ tables: new Set(tables), handlers });
  }

  /** Tells `handlers` about a change to any table until the returned function is called. */
  subscribeAll(handlers: ChangeHandlers): () => void {
    return this.add({ tables: null, handlers });
  }

  private add(subscription: Subscription): () => void {
    const { handlers } = subscription;
    this.subscriptions.add(subscription);
    if (this.listening) handlers.onListening();
    return () => void this.subscriptions.delete(subscription);
  }

  async stop(): Promise<void> {
    this.listening = false;
    const listener = this.listener;
    this.listener = null;
    await listener?.stop();
  }
}
