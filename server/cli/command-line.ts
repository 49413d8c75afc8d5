import { parseArgs, type ParseArgsConfig } from "node:util";

/**
 * Parses a tool's command line; `--help` prints the usage and exits 0, a wrong option prints it with the
 * problem and exits 2 (never a stack trace).
 */
export function parseCommandLine<T extends NonNullable<ParseArgsConfig["options"]>>(usage: string, options: T) {
  try {
    const parsed = parseArgs({
      allowPositionals: true,
      options: { ...options, help: { type: "boolean", short: "h" } },
    });
    if ((parsed.values as { help?: boolean }).help) {
      console.log(usage);
      process.exit(0);
    }
    return parsed;
  } catch (error) {
    return usageError(usage, (error as Error).message);
  }
}

export function usageError(usage: string, problem: string): never {
  console.error(`${problem}\n\n${usage}`);
  process.exit(2);
}
