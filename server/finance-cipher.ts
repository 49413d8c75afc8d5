import { FinanceCipher, loadOrCreateKeyFile, parseEncryptionKey } from "../core/finance/encryption.server.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";

/**
 * The finance encryption key: FINANCE_ENCRYPTION_KEY when set, else the embedded default's key file under
 * DATA_DIR (mode 0600), created with a random key on first start and logged once (its path, never the key).
 */
export function financeCipherFromEnv(
  env: Pick<Env, "FINANCE_ENCRYPTION_KEY" | "DATA_DIR">,
  logger: Logger,
): FinanceCipher {
  if (env.FINANCE_ENCRYPTION_KEY) return new FinanceCipher(parseEncryptionKey(env.FINANCE_ENCRYPTION_KEY)!);
  const key = loadOrCreateKeyFile(env.DATA_DIR, (file) =>
    logger.warn({ file }, "created a new finance encryption key file; back it up, or set FINANCE_ENCRYPTION_KEY"),
  );
  return new FinanceCipher(key);
}
