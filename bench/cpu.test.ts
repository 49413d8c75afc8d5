import { describe, expect, it } from "vitest";
import { cpuDuring } from "./cpu.ts";

/** Spins until this process has used `ms` more CPU time by its own count. */
function burn(ms: number): void {
  const start = process.cpuUsage();
  while (true) {
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) return;
  }
}

describe("cpuDuring", () => {
  it("counts the CPU time a process used during the work, from /proc", async () => {
    const { result, cpuMs } = await cpuDuring(
      async () => [process.pid],
      async () => {
        burn(150);
        return "done";
      },
    );
    expect(result).toBe("done");
    // /proc counts in 10 ms ticks; the work itself took at least 150 ms of CPU.
    expect(cpuMs).toBeGreaterThanOrEqual(130);
    expect(cpuMs).toBeLessThan(2_000);
  });

  it("counts nothing for processes that do not exist", async () => {
    const { cpuMs } = await cpuDuring(
      async () => [2 ** 22 + 12_345],
      async () => burn(20),
    );
    expect(cpuMs).toBe(0);
  });
});
