import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { doNotContact } from "../../db/schema.ts";
import type { FinanceCipher } from "../finance/encryption.server.ts";
import { identifierKey, type PersonIdentifier } from "./identifiers.ts";

/** What finds an identifier on the do-not-contact list without storing it: the finance key's blind index (decision 074). */
export type PersonIndex = Pick<FinanceCipher, "blindIndex">;

/** Whether the identifier is on the do-not-contact list: every marketing mail (saved-search alerts) asks this before sending. */
export async function isOnDoNotContactList(
  db: Pick<Database, "select">,
  deps: { cipher: PersonIndex },
  identifier: PersonIdentifier,
): Promise<boolean> {
  const [row] = await db
    .select({ kind: doNotContact.kind })
    .from(doNotContact)
    .where(eq(doNotContact.blindIndex, deps.cipher.blindIndex(identifierKey(identifier))))
    .limit(1);
  return row !== undefined;
}
