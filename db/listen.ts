import pg from "pg";

/** What a listener is told: a notification, the channel lost (changes may go unseen) and listening (again). */
export type ListenHandlers = {
  /** A notification arrived; `payload` is what the NOTIFY carried (migration 0019's triggers: the table's name). */
  onNotify: (payload: string) => void;
  /** The connection that listens was lost: notifications may be missed until `onListening` is called again. */
  onLost: () => void;
  /** Listening, first or after a loss: whatever was missed meanwhile must be read afresh. */
  onListening: () => void;
};

export type Listening = { stop(): Promise<void> };

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 30_000;
/**
 * How often the listening connection proves it is alive. A connection dropped silently (a NAT or load
 * balancer forgetting an idle connection leaves a half-open socket) would otherwise never report a loss.
 */
const HEARTBEAT_MS = 30_000;
/** How long a heartbeat, or closing the connection, may take before the connection counts as lost. */
const ANSWER_TIMEOUT_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), reconnecting with a
 * growing pause when it is lost. The connection must reach PostgreSQL itself or a session-mode pooler:
 * a transaction-mode pooler (PgBouncer's default) does not deliver notifications.
 */
export function listenPostgres(databaseUrl: string, channel: string, handlers: ListenHandlers): Listening {
  let stopped = false;
  let current: pg.Client | null = null;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    if (client !== current) return;
    current = null;
    clearInterval(heartbeat);
    void closeClient(client);
    if (stopped) return;
    handlers.onLost();
    retryTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
  };
  const connect = async () => {
    const client = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: ANSWER_TIMEOUT_MS,
      query_timeout: ANSWER_TIMEOUT_MS,
      keepAlive: true,
    });
    current = client;
    client.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? "");
    });
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (stopped || client !== current) return void (await closeClient(client));
      retryMs = FIRST_RETRY_MS;
      heartbeat = setInterval(() => void client.query("select 1").catch(() => lost(client)), HEARTBEAT_MS);
      handlers.onListening();
    } catch {
      lost(client);
    }
  };
  void connect();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      const client = current;
      current = null;
      if (client) await closeClient(client);
    },
  };
}

/** Ends a connection, giving up on a polite goodbye after ANSWER_TIMEOUT_MS (a half-open socket never answers). */
async function closeClient(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ANSWER_TIMEOUT_MS)));
  await Promise.race([client.end().catch(() => {}), timeout]);
  clearTimeout(timer);
}
