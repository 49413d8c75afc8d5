import type { FinanceCipher } from "../core/finance/encryption.server.ts";
import type { Database } from "../db/client.ts";
import type { Logger } from "../server/logger.ts";

/**
 * What the server hands every loader and action: the one database handle, the request's logger, the finance
 * encryption and the site's public address (for canonical URLs).
 */
export type AppContext = { db: Database; logger: Logger; financeCipher: FinanceCipher; siteUrl: string };

declare module "react-router" {
  interface AppLoadContext extends AppContext {}
}
