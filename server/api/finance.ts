import { Hono } from "hono";
import { submitFinanceApplication } from "../../core/finance/applications.server.ts";
import type { FinanceCipher } from "../../core/finance/encryption.server.ts";
import type { Database } from "../../db/client.ts";
import { readJsonBody } from "../middleware/request-guard.ts";
import { apiError, jsonLd } from "./responses.ts";

/**
 * POST /api/finance_applications (SPEC section 7). 201 with the status object; the same idempotency key
 * again answers 200 with the same status (stored once). No endpoint ever returns applications, and the
 * body is never logged.
 */
export function financeRoutes(db: Database, cipher: FinanceCipher): Hono {
  return new Hono().post("/finance_applications", async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return apiError(c, 400, "The body is not valid JSON");
    const headerKey = c.req.header("Idempotency-Key");
    const input =
      headerKey && body.value && typeof body.value === "object" && !Array.isArray(body.value)
        ? { ...body.value, idempotencyKey: (body.value as { idempotencyKey?: unknown }).idempotencyKey ?? headerKey }
        : body.value;
    let result: Awaited<ReturnType<typeof submitFinanceApplication>>;
    try {
      result = await submitFinanceApplication(db, cipher, input);
    } catch {
      // Never the error itself: a failed query's message carries its parameters.
      return apiError(c, 503, "The application could not be stored just now; please try again");
    }
    if (!result.ok) return apiError(c, 422, "The finance application is not valid", result.violations);
    return jsonLd(c, result.status, result.created ? 201 : 200);
  });
}
