import fs from "node:fs/promises";

/** Linux counts a process's CPU time in clock ticks of 1/100 s (USER_HZ) in /proc/<pid>/stat. */
const MS_PER_TICK = 10;

/** CPU time (user + system) each process has used so far; processes that are gone are left out. */
async function cpuTimes(pids: number[]): Promise<Map<number, number>> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      // The command name (field 2) may hold spaces; the fields counted from 3 follow its closing parenthesis.
      const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK);
    } catch {
      // Exited, or not on this machine's /proc.
    }
  }
  return times;
}

/**
 * Runs `work` and tells how much CPU the processes `pids()` names used meanwhile, in ms. `pids` is asked
 * before and after, so that processes started during the work (new database connections) count too.
 */
export async function cpuDuring<T>(
  pids: () => Promise<number[]>,
  work: () => Promise<T>,
): Promise<{ result: T; cpuMs: number }> {
  const before = await cpuTimes(await pids());
  const result = await work();
  const after = await cpuTimes(await pids());
  let cpuMs = 0;
  for (const [pid, time] of after) cpuMs += time - (before.get(pid) ?? 0);
  return { result, cpuMs };
}
