const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value from outside (a path, an argument) can be a row's id: a UUID in either case, as PostgreSQL's `uuid`
 * type reads it. Checked before a query, so that anything else is "not found" and never a database error.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
