import pg from "pg";

/** Runs one statement that cannot run in a transaction or a pool (CREATE/DROP DATABASE) on its own connection. */
export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
