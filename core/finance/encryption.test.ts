import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FinanceCipher, KEY_FILE_NAME, loadOrCreateKeyFile, parseEncryptionKey } from "./encryption.server.ts";

const hexKey = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

describe("finance payload encryption", () => {
  const cipher = new FinanceCipher(parseEncryptionKey(hexKey)!);
  const payload = { idNumber: "8001015009087", basicMonthly: 45_000, bankName: "Capitec" };

  it("round-trips a payload and never shows it in clear", () => {
    const stored = cipher.encrypt(payload);
    expect(stored).not.toContain("8001015009087");
    expect(stored).not.toContain("45000");
    expect(stored).not.toContain("Capitec");
    expect(cipher.decrypt(stored)).toEqual(payload);
  });

  it("uses a fresh IV for every record", () => {
    expect(cipher.encrypt(payload)).not.toBe(cipher.encrypt(payload));
  });

  it("detects any change to a stored record", () => {
    const [version, iv, tag, data] = cipher.encrypt(payload).split(".");
    const flipped = Buffer.from(data!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.decrypt([version, iv, tag, flipped.toString("base64url")].join("."))).toThrow();
    const otherTag = Buffer.from(tag!, "base64url");
    otherTag[0] = otherTag[0]! ^ 1;
    expect(() => cipher.decrypt([version, iv, otherTag.toString("base64url"), data].join("."))).toThrow();
  });

  it("cannot be read with another key", () => {
    expect(() => FinanceCipher.ephemeral().decrypt(cipher.encrypt(payload))).toThrow();
  });

  it("reads keys as 64 hex characters or base64 of 32 bytes, nothing else", () => {
    expect(parseEncryptionKey(hexKey)?.length).toBe(32);
    expect(parseEncryptionKey(Buffer.alloc(32, 7).toString("base64"))?.length).toBe(32);
    expect(parseEncryptionKey("short")).toBeNull();
    expect(parseEncryptionKey(Buffer.alloc(16).toString("base64"))).toBeNull();
    expect(parseEncryptionKey(hexKey.slice(2))).toBeNull();
  });

  it("creates the key file once with mode 0600 and reuses it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "finance-key-"));
    try {
      const created: string[] = [];
      const first = loadOrCreateKeyFile(dir, (file) => created.push(file));
      const second = loadOrCreateKeyFile(dir, (file) => created.push(file));
      expect(first.equals(second)).toBe(true);
      expect(created).toEqual([path.join(dir, KEY_FILE_NAME)]);
      expect(fs.statSync(path.join(dir, KEY_FILE_NAME)).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
