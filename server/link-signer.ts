import { LINK_KEY_FILE_NAME, LinkSigner } from "../core/appointments/links.server.ts";
import { loadOrCreateKeyFile, parseEncryptionKey } from "../core/finance/encryption.server.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";

/**
 * The key that signs buyers' appointment links, handled as the finance key is: LINK_SIGNING_KEY when set,
 * else a key file under DATA_DIR (mode 0600) created with a random key on first start. Instances sharing a
 * database must share the key, or a link from one would be refused by another.
 */
export function linkSignerFromEnv(env: Pick<Env, "LINK_SIGNING_KEY" | "DATA_DIR">, logger: Logger): LinkSigner {
  if (env.LINK_SIGNING_KEY) return new LinkSigner(parseEncryptionKey(env.LINK_SIGNING_KEY)!);
  const key = loadOrCreateKeyFile(
    env.DATA_DIR,
    (file) => logger.warn({ file }, "created a new link signing key file; back it up, or set LINK_SIGNING_KEY"),
    LINK_KEY_FILE_NAME,
  );
  return new LinkSigner(key);
}
