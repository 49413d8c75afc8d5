import pino from "pino";
import { STEP_FIELDS } from "../core/finance/application-schema.ts";

export type Logger = pino.Logger;

/** Finance data that must never reach a log (POPIA): identity number, bank details, income and expense figures. */
const FINANCE_SECRETS = ["idNumber", ...STEP_FIELDS[1]!, ...STEP_FIELDS[2]!, ...STEP_FIELDS[3]!];
const REDACTED_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  "body",
  "*.body",
  ...FINANCE_SECRETS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    },
    destination,
  );
}
