import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, dealerFeedKeys } from "../../db/schema.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import {
  addPhotoHost,
  bearerKey,
  createFeedKey,
  hashFeedKey,
  listFeedKeys,
  listPhotoHosts,
  parseFeedKeyName,
  parsePhotoHost,
  photoHostsOf,
  removePhotoHost,
  revokeFeedKey,
  verifyFeedKey,
} from "./feed-keys.server.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
});
afterAll(() => database.close());

const admin: StaffActor = { id: null, label: "admin@hondagroup.example", role: "group_admin", dealerIds: [] };
const manager: StaffActor = { id: null, label: "manager@hondagroup.example", role: "dealer_manager", dealerIds: [2] };

describe("feed keys", () => {
  it("are shown once, stored as a SHA-256 hash with a short prefix, and verified by hash, recording the last use", async () => {
    const { key, view } = await createFeedKey(database.db, admin, 2, "Menlyn DMS");
    expect(key).toMatch(/^hdf_[A-Za-z0-9_-]{43}$/);
    expect(view).toMatchObject({
      dealerId: 2,
      dealerSlug: "honda-menlyn",
      name: "Menlyn DMS",
      keyPrefix: key.slice(0, 12),
      lastUsedAt: null,
      revokedAt: null,
    });
    const [stored] = await database.db.select().from(dealerFeedKeys).where(eq(dealerFeedKeys.id, view.id));
    expect(stored!.keyHash).toBe(hashFeedKey(key));
    expect(JSON.stringify(stored)).not.toContain(key);

    expect(await verifyFeedKey(database.db, key)).toEqual({
      keyId: view.id,
      dealerId: 2,
      dealerSlug: "honda-menlyn",
      name: "Menlyn DMS",
    });
    expect(await verifyFeedKey(database.db, `${key}x`)).toBeNull();
    expect(await verifyFeedKey(database.db, "not a key")).toBeNull();
    const [listed] = (await listFeedKeys(database.db, admin)).filter((k) => k.id === view.id);
    expect(listed!.lastUsedAt).toBeInstanceOf(Date);
  });

  it("stop working when revoked, and creating and revoking are audited without the key", async () => {
    const { key, view } = await createFeedKey(database.db, admin, 2, "Old DMS");
    await revokeFeedKey(database.db, admin, view.id);
    await revokeFeedKey(database.db, admin, view.id);
    expect(await verifyFeedKey(database.db, key)).toBeNull();
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(view.id)));
    expect(entries.map((e) => e.action)).toEqual(["feed_key.create", "feed_key.revoke"]);
    expect(entries.every((e) => e.actorLabel === admin.label && e.dealerId === 2)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(key);
  });

  it("are managed by group administrators only", async () => {
    const refusal = await createFeedKey(database.db, manager, 2, "Mine").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StaffAccessDenied);
    expect((refusal as StaffAccessDenied).kind).toBe("forbidden");
    expect(await listFeedKeys(database.db, manager)).toEqual([]);
    const [some] = await listFeedKeys(database.db, admin);
    expect(
      await revokeFeedKey(database.db, manager, some!.id).catch((error: unknown) => (error as StaffAccessDenied).kind),
    ).toBe("forbidden");
  });

  it("need a sensible name", () => {
    expect(parseFeedKeyName("  Menlyn DMS (nightly) ")).toEqual({ ok: true, value: "Menlyn DMS (nightly)" });
    expect(parseFeedKeyName("")).toMatchObject({ ok: false, violations: [{ propertyPath: "name" }] });
    expect(parseFeedKeyName("<script>")).toMatchObject({ ok: false });
    expect(parseFeedKeyName("x".repeat(61))).toMatchObject({ ok: false });
  });

  it("are read from an Authorization: Bearer header", () => {
    expect(bearerKey("Bearer hdf_abc")).toBe("hdf_abc");
    expect(bearerKey("bearer   hdf_abc ")).toBe("hdf_abc");
    expect(bearerKey("Basic abc")).toBeNull();
    expect(bearerKey(undefined)).toBeNull();
  });
});

describe("a dealer's photo hosts", () => {
  it("are host names or addresses with an optional port, lower-case", () => {
    expect(parsePhotoHost(" Photos.DMS.example ")).toEqual({ ok: true, value: "photos.dms.example" });
    expect(parsePhotoHost("10.0.0.5:8080")).toEqual({ ok: true, value: "10.0.0.5:8080" });
    expect(parsePhotoHost("[::1]:8080")).toEqual({ ok: true, value: "[::1]:8080" });
    for (const bad of [
      "",
      "https://photos.dms.example",
      "photos.dms.example/path",
      "user@host",
      "host:99999",
      "two words",
    ]) {
      expect(parsePhotoHost(bad).ok, bad).toBe(false);
    }
  });

  it("are added and removed by group administrators, audited", async () => {
    await addPhotoHost(database.db, admin, 3, "photos.dms.example");
    await addPhotoHost(database.db, admin, 3, "photos.dms.example");
    expect(await photoHostsOf(database.db, 3)).toEqual(["photos.dms.example"]);
    expect(await listPhotoHosts(database.db, admin)).toContainEqual({ dealerId: 3, host: "photos.dms.example" });
    expect(
      await addPhotoHost(database.db, manager, 2, "evil.example").catch(
        (error: unknown) => (error as StaffAccessDenied).kind,
      ),
    ).toBe("forbidden");
    await removePhotoHost(database.db, admin, 3, "photos.dms.example");
    expect(await photoHostsOf(database.db, 3)).toEqual([]);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.entity, "dealer"));
    expect(entries.map((e) => [e.action, e.changes])).toEqual([
      ["feed_photo_host.add", { photoHost: { from: null, to: "photos.dms.example" } }],
      ["feed_photo_host.remove", { photoHost: { from: "photos.dms.example", to: null } }],
    ]);
  });
});
