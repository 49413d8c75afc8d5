/**
 * Times the maker's price list (/staff/range/prices) on a range of `--variants` variants (default 300): a fresh
 * embedded database with the demo range, grown to that many variants (each with its M&M code), then a list of every
 * variant as a maker's CSV writes it (semicolons, Windows-1252, "R 479 900,00"), two prices in three changed and one
 * code new. Each round times the preview (reading the file, finding the columns, comparing every row with the range)
 * and the confirmation (reading the kept file again and applying it in one transaction, audit entry included), as the
 * page runs them (app/lib/price-list.server.ts). The target: both within 2 s.
 *
 *   npm run bench:prices [-- --variants 300 --rounds 3]
 */
import { PGlite } from "@electric-sql/pglite";
import { asc } from "drizzle-orm";
import { runPriceList } from "../app/lib/price-list.server.ts";
import type { StaffActor } from "../core/staff/roles.ts";
import { openDatabase } from "../db/client.ts";
import { rangeModels, rangeVariants } from "../db/schema.ts";
import { seedDatabase } from "../seed/seed.ts";
import { parseCommandLine } from "../server/cli/command-line.ts";

const USAGE = `Usage: npm run bench:prices -- [--variants 300] [--rounds 3]
  Times the preview and the confirmation of a maker's price list of that many variants on a fresh embedded database.`;

const { values: options } = parseCommandLine(USAGE, {
  variants: { type: "string", default: "300" },
  rounds: { type: "string", default: "3" },
});
const variantCount = Number(options.variants);
const rounds = Number(options.rounds);
const actor: StaffActor = { id: null, label: "bench@prices", role: "group_admin", dealerIds: [] };

const handle = await openDatabase({ pglite: await PGlite.create() });
await handle.migrate();
await seedDatabase(handle.db, { usedCount: 0 });
const db = handle.db;

/** More variants of the demo models, each a copy of its model's first with a code and price of its own. */
async function growRange(): Promise<void> {
  const existing = await db.select().from(rangeVariants).orderBy(asc(rangeVariants.id));
  const modelIds = (await db.select({ id: rangeModels.id }).from(rangeModels)).map((row) => row.id);
  const extra = Array.from({ length: Math.max(0, variantCount - existing.length) }, (_, i) => {
    const { id: _id, ...first } = existing.find((v) => v.rangeModelId === modelIds[i % modelIds.length])!;
    return {
      ...first,
      name: `Bench ${i + 1}`,
      slug: `bench-${i + 1}`,
      mmCode: String(30_000_000 + i),
      price: 250_000 + ((i * 7_919) % 600_000),
      sortOrder: 100 + i,
    };
  });
  if (extra.length > 0) await db.insert(rangeVariants).values(extra);
}

const randText = (amount: number) => `R ${String(amount).replace(/\B(?=(\d{3})+$)/g, " ")},00`;

async function makersList(round: number): Promise<File> {
  const variants = await db
    .select({ code: rangeVariants.mmCode, name: rangeVariants.name, price: rangeVariants.price })
    .from(rangeVariants);
  const lines = [
    "Model Description;M&M Code;RRP (incl VAT);RRP (excl VAT)",
    ...variants.map((v, i) => {
      const price = i % 3 === 2 ? v.price : v.price + 1_000 * (round + 1);
      return `${v.name};${v.code};${randText(price)};${randText(Math.round(price / 1.15))}`;
    }),
    `Bench new ${round};${String(40_000_000 + round)};${randText(399_900)};${randText(347_739)}`,
  ];
  return new File([Buffer.from(`${lines.join("\r\n")}\r\n`, "latin1")], "pricelist.csv");
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

await growRange();
console.log(`${(await db.select({ id: rangeVariants.id }).from(rangeVariants)).length} variants in the range`);
for (let round = 0; round < rounds; round++) {
  const upload = new FormData();
  upload.set("intent", "preview");
  upload.set("list", await makersList(round));
  const preview = await timed(() => runPriceList(db, actor, upload));
  if (preview.result.kind !== "preview") throw new Error(`preview answered ${JSON.stringify(preview.result)}`);
  const confirm = new FormData();
  confirm.set("intent", "apply");
  confirm.set("staged", preview.result.step.token);
  const applied = await timed(() => runPriceList(db, actor, confirm));
  if (applied.result.kind !== "applied") throw new Error(`confirmation answered ${JSON.stringify(applied.result)}`);
  console.log(
    `round ${round + 1}: preview ${preview.ms.toFixed(0)} ms (${preview.result.preview.changes.length} changes), ` +
      `apply ${applied.ms.toFixed(0)} ms (${applied.result.applied.changed} changed)`,
  );
}
await handle.close();
