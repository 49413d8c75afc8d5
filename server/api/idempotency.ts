import { z } from "@hono/zod-openapi";

/**
 * One idempotency rule for the API's writes: the key comes from the `Idempotency-Key` header or the body's
 * own field (`field`); a blank one in either place is absent, and the two may not disagree (422), so that a blank
 * field never sidesteps the header's key. The same key with a different body is the service's to refuse (409).
 */
export function withIdempotencyKey(
  body: unknown,
  header: string | undefined,
  field: string,
): { ok: true; value: unknown } | { ok: false; violation: { propertyPath: string; message: string } } {
  if (!body || typeof body !== "object" || Array.isArray(body)) return { ok: true, value: body };
  const given = (body as Record<string, unknown>)[field];
  const fromBody = typeof given === "string" && given.trim() === "" ? undefined : given;
  const fromHeader = header?.trim() || undefined;
  if (fromBody !== undefined && fromHeader !== undefined && fromBody !== fromHeader) {
    return {
      ok: false,
      violation: {
        propertyPath: field,
        message: `The Idempotency-Key header and the body's ${field} differ; send the key once`,
      },
    };
  }
  return { ok: true, value: { ...body, [field]: fromBody ?? fromHeader } };
}

/** The `Idempotency-Key` header as a write documents it. */
export function idempotencyKeyHeader(field: string, example: string) {
  return z.object({
    "Idempotency-Key": z
      .string()
      .optional()
      .openapi({
        description: `The same key again stores nothing new; with a different body it is refused (409). The body's ${field} may carry it instead; a blank one in either place counts as absent, and the two may not differ (422)`,
        example,
      }),
  });
}
