import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  currentUploadScope,
  readMultipartToDisk,
  UploadTooLarge,
  UploadTooSlow,
  UploadUnreadable,
  withUploadScope,
} from "./uploads.ts";

const PACE = { graceMs: 60_000, minBytesPerSecond: 1 };
const LIMITS = { maxFileBytes: 1024, maxFiles: 3, maxFields: 10, pace: PACE };

/** A browser's multipart request for `form`; with `chunked`, its body arrives as a stream of unknown length. */
async function multipartRequest(form: FormData, chunked = false): Promise<Request> {
  const encoded = new Response(form);
  const type = encoded.headers.get("Content-Type")!;
  if (!chunked)
    return new Request("http://site.test/sell-your-car", {
      method: "POST",
      body: await encoded.arrayBuffer(),
      headers: { "Content-Type": type },
    });
  // Sent in pieces of unknown total length, from a stream that stops when the reader cancels it (Node's own FormData
  // stream goes on writing after a cancel, an unhandled rejection of the test's, not of the site's).
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let sent = 0;
  const pieces = new ReadableStream<Uint8Array>({
    pull: (controller) => {
      if (sent >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(sent, sent + 256));
      sent += 256;
    },
  });
  return new Request("http://site.test/sell-your-car", {
    method: "POST",
    body: pieces,
    headers: { "Content-Type": type },
    duplex: "half",
  } as RequestInit);
}

/** Reads `request` in an upload scope of `maxBodyBytes`; answers what the action saw and the scope's folder. */
async function readInScope(request: Request, maxBodyBytes = 1024 * 1024) {
  let folder = "";
  const read = await withUploadScope(maxBodyBytes, async () => {
    const scope = currentUploadScope()!;
    const form = await readMultipartToDisk(request, scope, LIMITS);
    folder = await scope.directory();
    const files = await Promise.all(
      form.getAll("photos").map(async (file) => ({
        name: (file as File).name,
        text: await (file as File).text(),
        onDisk: fs.readdirSync(folder).length,
      })),
    );
    return { fields: form.getAll("first_name"), files };
  });
  return { ...read, folder };
}

describe("a multipart form read in an upload scope", () => {
  it("gives the action its fields and its files, in order, read from disk; the files are deleted when the request ends", async () => {
    const form = new FormData();
    form.set("first_name", "Pieter");
    form.append("photos", new Blob(["front"]), "front.jpg");
    form.append("photos", new Blob(["side"]), "side.jpg");
    const read = await readInScope(await multipartRequest(form));
    expect(read.fields).toEqual(["Pieter"]);
    expect(read.files).toEqual([
      { name: "front.jpg", text: "front", onDisk: 2 },
      { name: "side.jpg", text: "side", onDisk: 2 },
    ]);
    expect(fs.existsSync(read.folder)).toBe(false);
  });

  it("deletes the files when the action fails", async () => {
    const form = new FormData();
    form.append("photos", new Blob(["front"]), "front.jpg");
    const request = await multipartRequest(form);
    let folder = "";
    const failed = withUploadScope(1024 * 1024, async () => {
      const scope = currentUploadScope()!;
      await readMultipartToDisk(request, scope, LIMITS);
      folder = await scope.directory();
      throw new Error("the action failed");
    });
    await expect(failed).rejects.toThrow("the action failed");
    expect(folder).not.toBe("");
    expect(fs.existsSync(folder)).toBe(false);
  });

  it("cuts a file over the limit just past it and keeps the rest of the form, so that the action answers its own message", async () => {
    const form = new FormData();
    form.append("photos", new Blob(["x".repeat(5000)]), "huge.jpg");
    form.set("first_name", "Pieter");
    const read = await readInScope(await multipartRequest(form));
    expect(read.files.map((file) => file.text.length)).toEqual([LIMITS.maxFileBytes + 1]);
    expect(read.fields).toEqual(["Pieter"]);
  });
});

describe("a multipart form refused in an upload scope", () => {
  it("refuses a chunked body larger than the route allows while it streams, and more files than any form has", async () => {
    const large = new FormData();
    large.append("photos", new Blob(["x".repeat(1000)]), "a.jpg");
    large.append("photos", new Blob(["x".repeat(1000)]), "b.jpg");
    await expect(readInScope(await multipartRequest(large, true), 1500)).rejects.toBeInstanceOf(UploadTooLarge);

    const many = new FormData();
    for (const name of ["a", "b", "c", "d"]) many.append("photos", new Blob([name]), `${name}.jpg`);
    await expect(readInScope(await multipartRequest(many))).rejects.toBeInstanceOf(UploadTooLarge);
  });

  it("gives up on a body that stops arriving, by its pace, and keeps none of it", async () => {
    const form = new FormData();
    form.set("first_name", "Pieter");
    form.append("photos", new Blob(["front"]), "front.jpg");
    const whole = new Uint8Array(await new Response(form).arrayBuffer());
    const type = new Response(form).headers.get("Content-Type")!;
    let cancelled = false;
    // The first half at once, then nothing more: as a client that sends a byte now and then, or went away.
    const trickle = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(whole.subarray(0, whole.length / 2)),
      cancel: () => {
        cancelled = true;
      },
    });
    const stalled = new Request("http://site.test/sell-your-car", {
      method: "POST",
      body: trickle,
      headers: { "Content-Type": type },
      duplex: "half",
    } as RequestInit);
    const pace = { graceMs: 200, minBytesPerSecond: 1024 * 1024 };
    let folder = "";
    const read = withUploadScope(1024 * 1024, async () => {
      const scope = currentUploadScope()!;
      folder = await scope.directory();
      return readMultipartToDisk(stalled, scope, { ...LIMITS, pace });
    });
    await expect(read).rejects.toBeInstanceOf(UploadTooSlow);
    expect(cancelled).toBe(true);
    expect(fs.existsSync(folder)).toBe(false);
  });

  it("refuses a body that is not the multipart form its type says (no boundary, cut off)", async () => {
    const noBoundary = new Request("http://site.test/", {
      method: "POST",
      body: "x",
      headers: { "Content-Type": "multipart/form-data" },
    });
    await expect(readInScope(noBoundary)).rejects.toBeInstanceOf(UploadUnreadable);
    const form = new FormData();
    form.append("photos", new Blob(["front"]), "front.jpg");
    const whole = Buffer.from(await new Response(form).arrayBuffer());
    const type = new Response(form).headers.get("Content-Type")!;
    const cutOff = new Request("http://site.test/", {
      method: "POST",
      body: whole.subarray(0, whole.length - 20),
      headers: { "Content-Type": type },
    });
    await expect(readInScope(cutOff)).rejects.toBeInstanceOf(UploadUnreadable);
  });
});
