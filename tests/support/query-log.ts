import type { Database } from "../../db/client.ts";

type Client = {
  query: (...args: any[]) => Promise<unknown>;
  connect?: (...args: any[]) => Promise<unknown>;
  transaction?: (...args: any[]) => Promise<unknown>;
};

/**
 * Records every statement a database handle's driver is asked to run (PGlite's `query` and `transaction`,
 * node-postgres' pool `query` and `connect`, which a transaction starts with), while recording is on. The
 * statements still run: this only writes down their text, to show which a page made.
 */
export function recordQueries(db: Database): {
  during<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  restore(): void;
} {
  const client = (db as unknown as { $client: Client }).$client;
  let log: string[] | null = null;
  const originals = { query: client.query, connect: client.connect, transaction: client.transaction };
  // node-postgres' pool.query takes a connection itself (synchronously, within the call): not a transaction.
  let inQuery = false;
  client.query = function (this: unknown, ...args: any[]) {
    const [text] = args;
    log?.push(typeof text === "string" ? text : String((text as { text?: string })?.text ?? text));
    inQuery = true;
    try {
      return originals.query.apply(this, args);
    } finally {
      inQuery = false;
    }
  };
  if (originals.connect) {
    client.connect = function (this: unknown, ...args: any[]) {
      if (!inQuery) log?.push("(a connection taken from the pool: a transaction)");
      return originals.connect!.apply(this, args);
    };
  }
  if (originals.transaction) {
    client.transaction = function (this: unknown, ...args: any[]) {
      log?.push("(a transaction)");
      return originals.transaction!.apply(this, args);
    };
  }
  return {
    async during(work) {
      log = [];
      try {
        const result = await work();
        return { result, statements: log };
      } finally {
        log = null;
      }
    },
    restore() {
      for (const [name, original] of Object.entries(originals)) if (original) client[name as keyof Client] = original;
    },
  };
}
