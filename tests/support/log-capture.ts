import { Writable } from "node:stream";
import { createLogger, type Logger } from "../../server/logger.ts";

/** The project's logger writing into memory: `lines` holds every JSON line it wrote, for tests to read. */
export function capturingLogger(level = "info"): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger(level, sink), lines };
}
