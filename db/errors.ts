/** SQLSTATE classes and driver errors that mean "the database is unreachable", not "the query is wrong". */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "3D000", // invalid_catalog_name: the database is gone
  "28000", // invalid_authorization_specification
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

const UNAVAILABLE_MESSAGES =
  /connection terminated|terminating connection|Connection terminated unexpectedly|timeout exceeded when trying to connect|PGlite is closed|Cannot use a pool after calling end/i;

/** True when an error (or its cause) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = cause;
  }
  return false;
}
