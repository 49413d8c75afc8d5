import { describe, expect, it } from "vitest";
import { WriteQueue, WriteQueueFull } from "./write-queue.ts";

/** A write that runs until the test lets it finish. */
function heldWrite() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

describe("the bounded write queue", () => {
  it("runs writes in their turn, in the order they came, and refuses one past the waiting limit at once", async () => {
    const queue = new WriteQueue({ concurrency: 1, maxWaiting: 2, maxWaitMs: 60_000, retryAfterSeconds: 3 });
    const first = heldWrite();
    const order: string[] = [];
    const running = queue.run(first.work);
    const second = queue.run(async () => void order.push("second"));
    const third = queue.run(async () => void order.push("third"));
    expect(queue.stats).toEqual({ running: 1, waiting: 2, refused: 0 });
    let started = false;
    const refused = queue.run(async () => {
      started = true;
    });
    await expect(refused).rejects.toBeInstanceOf(WriteQueueFull);
    await expect(refused).rejects.toMatchObject({
      retryAfterSeconds: 3,
      message: "We are busy, please try again in a moment",
    });
    expect(started).toBe(false);
    first.finish();
    await Promise.all([running, second, third]);
    expect(order).toEqual(["second", "third"]);
    expect(queue.stats).toEqual({ running: 0, waiting: 0, refused: 1 });
  });

  it("refuses a write that waited past its limit instead of starting it late, and keeps its place free", async () => {
    const queue = new WriteQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 20, retryAfterSeconds: 2 });
    const first = heldWrite();
    const running = queue.run(first.work);
    let started = false;
    await expect(
      queue.run(async () => {
        started = true;
      }),
    ).rejects.toBeInstanceOf(WriteQueueFull);
    expect(started).toBe(false);
    expect(queue.stats).toEqual({ running: 1, waiting: 0, refused: 1 });
    first.finish();
    await running;
    expect(await queue.run(async () => "next")).toBe("next");
  });

  it("frees the turn of a write that failed", async () => {
    const queue = new WriteQueue({ concurrency: 1, maxWaiting: 0, maxWaitMs: 1_000, retryAfterSeconds: 2 });
    await expect(queue.run(async () => Promise.reject(new Error("constraint")))).rejects.toThrow("constraint");
    expect(await queue.run(async () => 42)).toBe(42);
  });

  it("leaves the event loop a turn between writes, so a request that came during a burst is read before the burst ends", async () => {
    // Each write finishes through promises alone, as a PGlite query does.
    const queue = new WriteQueue({ concurrency: 2, maxWaiting: 10, maxWaitMs: 60_000, retryAfterSeconds: 2 });
    const events: string[] = [];
    const burst = [1, 2, 3, 4, 5].map((n) => queue.run(async () => void events.push(`write ${n}`)));
    setImmediate(() => events.push("another request"));
    await Promise.all(burst);
    expect(events.indexOf("another request")).toBeGreaterThan(-1);
    expect(events.indexOf("another request")).toBeLessThan(events.indexOf("write 3"));
  });
});
