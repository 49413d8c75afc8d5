import pino from "pino";
import { STEP_FIELDS } from "../core/finance/application-schema.ts";

export type Logger = pino.Logger;

/** Finance data that must never reach a log (POPIA): identity number, bank details, income and expense figures. */
const FINANCE_SECRETS = ["idNumber", ...STEP_FIELDS[1]!, ...STEP_FIELDS[2]!, ...STEP_FIELDS[3]!];
/** The staff area's secrets, wherever a caller might put them: passwords, session and one-time tokens, feed keys. */
const STAFF_SECRETS = [
  "password",
  "currentPassword",
  "newPassword",
  "token",
  "csrf",
  "csrfToken",
  "key",
  "totpSecret",
  "secret",
];
const REDACTED_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-csrf-token"]',
  ...STAFF_SECRETS.flatMap((field) => [field, `*.${field}`]),
  "body",
  "*.body",
  ...FINANCE_SECRETS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/** Drizzle's query errors end their message with "params: ..." and keep them in `params`: visitors' names, emails, phone numbers. */
const QUERY_PARAMS_LINE = /\nparams: [\s\S]*$/;

type SerializedError = { message: string; stack?: string; params?: unknown; cause?: unknown; [key: string]: unknown };

/** pino's error serializer, less the values a failed query was given (the SQL itself stays: it names the failure). */
function serializeErrorWithoutParams(error: Error): SerializedError {
  return withoutQueryParams(pino.stdSerializers.err(error) as unknown as SerializedError);
}

function withoutQueryParams({ params: _params, ...serialized }: SerializedError): SerializedError {
  const clean: SerializedError = {
    ...serialized,
    message: serialized.message.replace(QUERY_PARAMS_LINE, "\nparams: [redacted]"),
  };
  if (typeof clean.stack === "string") clean.stack = clean.stack.replace(/\nparams: [^\n]*/g, "\nparams: [redacted]");
  if (isSerializedError(clean.cause)) clean.cause = withoutQueryParams(clean.cause);
  return clean;
}

function isSerializedError(value: unknown): value is SerializedError {
  return typeof value === "object" && value !== null && typeof (value as { message?: unknown }).message === "string";
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
