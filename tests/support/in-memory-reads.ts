import { UsedStock } from "../../core/inventory/used-stock.server.ts";
import { ChangeNotifications } from "../../core/shared/change-notifications.ts";
import { ReadModels } from "../../core/shared/read-model.server.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { PUBLIC_READ_MODELS } from "../../server/public-read-models.ts";

export type InMemoryReads = {
  changes: ChangeNotifications;
  usedStock: UsedStock;
  readModels: ReadModels;
  stop(): Promise<void>;
};

/** What server/site.ts keeps in memory for public reads, on a test's database: one change notification, the used stock and the read models. */
export async function keepPublicReadsInMemory(database: DatabaseHandle): Promise<InMemoryReads> {
  const changes = new ChangeNotifications();
  await changes.start(database);
  const usedStock = new UsedStock(database.db);
  usedStock.watch(changes);
  const readModels = new ReadModels(database.db, { changes });
  readModels.preload(PUBLIC_READ_MODELS);
  return {
    changes,
    usedStock,
    readModels,
    async stop() {
      await usedStock.stop();
      await readModels.stop();
      await changes.stop();
    },
  };
}
