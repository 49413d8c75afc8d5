import pg from "pg";

/** What a listener is told: a notification, the channel lost (changes may go unseen) and listening (again). */
export type ListenHandlers = {
  onNotify: () => void;
  /** The connection that listens was lost: notifications may be missed until `onListening` is called again. */
  onLost: () => void;
  /** Listening, first or after a loss: whatever was missed meanwhile must be read afresh. */
  onListening: () => void;
};

export type Listening = { stop(): Promise<void> };

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 30_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), reconnecting with a
 * growing pause when it is lost.
 */
export function listenPostgres(databaseUrl: string, channel: string, handlers: ListenHandlers): Listening {
  let stopped = false;
  let current: pg.Client | null = null;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    if (client !== current || stopped) return;
    current = null;
    handlers.onLost();
    retryTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    current = client;
    client.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotify();
    });
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (stopped) return void (await client.end());
      retryMs = FIRST_RETRY_MS;
      handlers.onListening();
    } catch {
      lost(client);
      client.end().catch(() => {});
    }
  };
  void connect();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retryTimer);
      await current?.end().catch(() => {});
    },
  };
}
