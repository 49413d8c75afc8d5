import { openDatabase } from "../db/client.ts";
import { loadUsedStock } from "../core/inventory/used-vehicles.ts";
const gc = (globalThis as { gc?: () => void }).gc!;
const mb = () => { gc(); gc(); return process.memoryUsage().heapUsed / 1e6; };
const handle = await openDatabase({ dataDir: "/tmp/prof/pglite" });
const base = mb();
const rows = (await loadUsedStock(handle.db)) as unknown as Record<string, unknown>[];
let last = mb();
console.log("rows", (last - base).toFixed(0), "MB");
for (const field of Object.keys(rows[0]!)) {
  for (const row of rows) row[field] = 0;
  const now = mb();
  console.log(field.padEnd(14), (last - now).toFixed(1), "MB");
  last = now;
}
console.log("rest (objects)", (last - base).toFixed(1));
(globalThis as any).keep = rows;
