import pg from "pg";

/** Runs one statement that cannot run in a transaction or a pool (CREATE/DROP DATABASE) on its own connection. */
export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  await adminSelect(serverUrl, sql);
}

/** One statement on a connection of its own (e.g. a look at pg_stat_activity), answering its rows. */
export async function adminSelect(
  serverUrl: string,
  sql: string,
  params: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}
