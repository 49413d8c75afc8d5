import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Encryption at rest of a finance application's personal data (POPIA): AES-256-GCM with a random 96-bit IV
 * per record and a 128-bit authentication tag, so any change to a stored record is detected on decrypt.
 * Stored form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;

/** A 32-byte key from 64 hex characters or base64 of 32 bytes; null when it is neither. */
export function parseEncryptionKey(value: string): Buffer | null {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed, "base64");
    if (bytes.length === KEY_BYTES) return bytes;
  }
  return null;
}

export class FinanceCipher {
  readonly #key: Buffer;
  readonly #hmacKey: Buffer;
  readonly #blindIndexKey: Buffer;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error("The finance encryption key must be 32 bytes");
    this.#key = Buffer.from(key);
    // A separate key for fingerprints, derived so the encryption key itself is never used twice over.
    this.#hmacKey = Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), "finance-application-fingerprint", KEY_BYTES));
    this.#blindIndexKey = Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), "person-blind-index", KEY_BYTES));
  }

  /** A cipher with a throwaway random key (tests, and the API served without a configured key). */
  static ephemeral(): FinanceCipher {
    return new FinanceCipher(randomBytes(KEY_BYTES));
  }

  encrypt(value: unknown): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
      .join(".");
  }

  /** The value back; throws when the record was altered or encrypted with another key. */
  decrypt(stored: string): unknown {
    const [version, iv, tag, ciphertext] = stored.split(".");
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error("Not a finance payload");
    const decipher = createDecipheriv("aes-256-gcm", this.#key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]);
    return JSON.parse(plain.toString("utf8"));
  }

  /** A keyed fingerprint of a text (HMAC-SHA-256): equal texts give equal fingerprints, nothing can be read back. */
  fingerprint(text: string): string {
    return createHmac("sha256", this.#hmacKey).update(text).digest("base64url");
  }

  /**
   * The blind index of a normalised identifier ("email:a@b.co.za", "phone:+27825550123", "id_number:..."): how one
   * person's finance applications and do-not-contact entries are found without the value being stored (decision 074).
   */
  blindIndex(normalised: string): string {
    return createHmac("sha256", this.#blindIndexKey).update(normalised).digest("base64url");
  }
}

export const KEY_FILE_NAME = "finance-encryption.key";

/**
 * The embedded default: the key kept in DATA_DIR/finance-encryption.key (mode 0600), created with a random
 * key on first start. `onCreate` is told the file's path once, when it is created (never the key).
 */
export function loadOrCreateKeyFile(
  dataDir: string,
  onCreate: (filePath: string) => void,
  fileName = KEY_FILE_NAME,
): Buffer {
  const filePath = path.join(dataDir, fileName);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(filePath, `${randomBytes(KEY_BYTES).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
    onCreate(filePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const key = parseEncryptionKey(fs.readFileSync(filePath, "utf8"));
  if (!key) throw new Error(`${filePath} does not hold a 32-byte key (64 hex characters)`);
  return key;
}
