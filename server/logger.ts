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

/** Drizzle's query errors end their message with "params: ..." and keep them in `params`: visitors' names, emails, phone numbers. */
const QUERY_PARAMS_LINE = /\nparams: [\s\S]*$/;

type SerializedError = ReturnType<typeof pino.stdSerializers.err> & { params?: unknown; cause?: unknown };

/** pino's error serializer, less the values a failed query was given (the SQL itself stays: it names the failure). */
export function serializeErrorWithoutParams(error: Error): SerializedError {
  const serialized: SerializedError = pino.stdSerializers.err(error);
  return withoutQueryParams(serialized);
}

function withoutQueryParams(serialized: SerializedError): SerializedError {
  const { params: _params, ...rest } = serialized;
  const clean: SerializedError = { ...rest, message: rest.message.replace(QUERY_PARAMS_LINE, "\nparams: [redacted]") };
  if (typeof clean.stack === "string") clean.stack = clean.stack.replace(/\nparams: [^\n]*/g, "\nparams: [redacted]");
  const cause = clean.cause as SerializedError | undefined;
  if (cause && typeof cause === "object" && typeof cause.message === "string") clean.cause = withoutQueryParams(cause);
  return clean;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      serializers: { err: serializeErrorWithoutParams },
    },
    destination,
  );
}
