import { makesWithCounts } from "../core/catalogue/makes.server.ts";
import { rangeCatalogue } from "../core/catalogue/ranges.server.ts";
import { bannersModel } from "../core/content/banners.server.ts";
import { blogPostsModel } from "../core/content/blog.server.ts";
import { dealsModel } from "../core/content/deals.server.ts";
import { dealerDirectoryModel } from "../core/dealers/dealers.server.ts";
import type { ReadModelDefinition } from "../core/shared/read-model.server.ts";

/**
 * Every read model a public page reads (decisions 034, 040): the server reads them into memory at start, so
 * that the first visitors after a start or a deployment are answered from memory too.
 */
export const PUBLIC_READ_MODELS: readonly ReadModelDefinition<unknown>[] = [
  rangeCatalogue,
  makesWithCounts,
  dealerDirectoryModel,
  dealsModel,
  bannersModel,
  blogPostsModel,
] as readonly ReadModelDefinition<unknown>[];
