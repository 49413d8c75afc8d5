import fs from "node:fs/promises";
import http from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "../../core/media/image-pipeline.server.ts";
import { MAX_SELLER_PHOTOS } from "../../core/leads/seller-photos.server.ts";
import { type AppProcess, STARTUP_TIMEOUT_MS, startAppProcess } from "../support/app-process.ts";
import { createScratchDatabase } from "../support/scratch-postgres.ts";

const MiB = 1024 * 1024;
/** Eight photos at the pipeline's limit: a 160 MiB body. */
const BODY_BYTES = MAX_SELLER_PHOTOS * MAX_IMAGE_BYTES;
/**
 * What one upload may add to the server's resident memory: about the largest single photo a few times over
 * (the part being read, its copy on its way to disk, the photo being checked), far below the body itself.
 */
const MAX_GROWTH_BYTES = 100 * MiB;

let app: AppProcess;
let dropDatabase: () => Promise<void>;
beforeAll(async () => {
  const scratch = await createScratchDatabase("uploads");
  dropDatabase = scratch.drop;
  app = await startAppProcess(
    { DATABASE_URL: scratch.url, POST_RATE_LIMIT: "1000000", LEAD_DELIVERY: "off", JOBS: "off" },
    STARTUP_TIMEOUT_MS,
  );
});
afterAll(async () => {
  await app?.stop();
  await dropDatabase?.();
});

/**
 * Posts the sell-your-car form as a browser without JavaScript sends it, with `photos` files of `bytes` each,
 * streamed from a small buffer (the test process holds no 160 MB body either).
 */
function postSellerForm(photos: number, bytes: number): Promise<{ status: number; body: string }> {
  const boundary = `----upload${Date.now()}`;
  const head = (name: string, file?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: image/jpeg` : ""}\r\n\r\n`;
  const parts = [
    `${head("first_name")}Pieter\r\n`,
    ...Array.from({ length: photos }, (_, n) => head("photos", `car-${n + 1}.jpg`)),
  ];
  const tail = `--${boundary}--\r\n`;
  const chunk = Buffer.alloc(64 * 1024, 7);
  async function* body() {
    yield Buffer.from(parts[0]!);
    for (const part of parts.slice(1)) {
      yield Buffer.from(part);
      for (let sent = 0; sent < bytes; sent += chunk.length)
        yield chunk.subarray(0, Math.min(chunk.length, bytes - sent));
      yield Buffer.from("\r\n");
    }
    yield Buffer.from(tail);
  }
  const length = parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0) + photos * (bytes + 2) + tail.length;
  return new Promise((resolve, reject) => {
    const request = http.request(`${app.baseUrl}/sell-your-car`, {
      method: "POST",
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": length,
        Origin: app.baseUrl,
      },
    });
    request.on("response", async (response) => {
      let text = "";
      for await (const data of response) text += data;
      resolve({ status: response.statusCode!, body: text });
    });
    request.on("error", reject);
    pipeline(Readable.from(body()), request).catch(reject);
  });
}

/** The kernel's record of a process's memory (kB values of /proc/PID/status), in bytes. */
async function memoryOf(pid: number): Promise<{ resident: number; peakResident: number }> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
  const kB = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)![1]) * 1024;
  return { resident: kB("VmRSS"), peakResident: kB("VmHWM") };
}

/** Starts a new peak: the kernel sets the process's peak resident size to its current one ("5", proc(5)). */
const resetPeak = (pid: number) => fs.writeFile(`/proc/${pid}/clear_refs`, "5");

describe("an anonymous sell-your-car POST with eight 20 MB files", () => {
  it("is answered with the form's problems while the server's resident memory grows by far less than the body", async () => {
    // The route and its parser loaded once, so that the measure is the upload's and not the first request's.
    expect((await postSellerForm(1, 64 * 1024)).status).toBe(422);
    const pid = app.child.pid!;
    await resetPeak(pid);
    const before = await memoryOf(pid);
    const answer = await postSellerForm(MAX_SELLER_PHOTOS, MAX_IMAGE_BYTES);
    expect(answer.status).toBe(422);
    expect(answer.body).toContain("Please enter your last name");
    const after = await memoryOf(pid);
    const growth = after.peakResident - before.resident;
    console.log(
      `upload memory: a ${BODY_BYTES / MiB} MiB body raised the server's resident memory from ${Math.round(before.resident / MiB)} MiB`,
      `to a peak of ${Math.round(after.peakResident / MiB)} MiB (+${Math.round(growth / MiB)} MiB)`,
    );
    expect(growth).toBeLessThan(MAX_GROWTH_BYTES);
    expect(MAX_GROWTH_BYTES).toBeLessThan(BODY_BYTES);
  });
});
