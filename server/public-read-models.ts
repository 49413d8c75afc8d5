import { makesWithCounts } from "../core/catalogue/makes.ts";
import { rangeCatalogue } from "../core/catalogue/ranges.ts";
import { bannersModel } from "../core/content/banners.ts";
import { blogPostsModel } from "../core/content/blog.ts";
import { dealsModel } from "../core/content/deals.ts";
import { dealerDirectoryModel } from "../core/dealers/dealers.ts";
import type { ReadModelDefinition } from "../core/shared/read-model.ts";

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
