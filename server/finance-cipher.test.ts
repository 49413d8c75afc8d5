import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.ts";
import { financeCipherFromEnv } from "./finance-cipher.ts";
import { capturingLogger } from "../tests/support/log-capture.ts";

const hexKey = "ab".repeat(32);

describe("finance settings", () => {
  it("defaults the retention to 180 days and accepts hex or base64 keys", () => {
    expect(loadEnv({}).FINANCE_RETENTION_DAYS).toBe(180);
    expect(loadEnv({ FINANCE_ENCRYPTION_KEY: hexKey }).FINANCE_ENCRYPTION_KEY).toBe(hexKey);
    expect(
      loadEnv({ FINANCE_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64") }).FINANCE_ENCRYPTION_KEY,
    ).toBeDefined();
  });

  it("refuses to start with a key of the wrong size or a bad retention", () => {
    expect(() => loadEnv({ FINANCE_ENCRYPTION_KEY: "secret" })).toThrow(
      /FINANCE_ENCRYPTION_KEY: must be 64 hex characters or base64 of 32 bytes/,
    );
    expect(() => loadEnv({ FINANCE_RETENTION_DAYS: "0" })).toThrow(/FINANCE_RETENTION_DAYS/);
  });

  it("uses the configured key, so what one start encrypts the next can read", () => {
    const { logger } = capturingLogger();
    const env = { FINANCE_ENCRYPTION_KEY: hexKey, DATA_DIR: "/nonexistent" };
    const stored = financeCipherFromEnv(env, logger).encrypt({ idNumber: "8001015009087" });
    expect(financeCipherFromEnv(env, logger).decrypt(stored)).toEqual({ idNumber: "8001015009087" });
  });

  it("without a key, creates a key file under DATA_DIR once and logs its path but never the key", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "finance-env-"));
    try {
      const { logger, lines } = capturingLogger();
      const first = financeCipherFromEnv({ DATA_DIR: dir }, logger);
      const second = financeCipherFromEnv({ DATA_DIR: dir }, logger);
      expect(second.decrypt(first.encrypt({ a: 1 }))).toEqual({ a: 1 });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("finance-encryption.key");
      const key = fs.readFileSync(path.join(dir, "finance-encryption.key"), "utf8").trim();
      expect(lines[0]).not.toContain(key);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
