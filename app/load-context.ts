import type { Database } from "../db/client.ts";
import type { Logger } from "../server/logger.ts";

/** What the server hands every loader and action: the one database handle and the request's logger. */
export type AppContext = { db: Database; logger: Logger };

declare module "react-router" {
  interface AppLoadContext extends AppContext {}
}
