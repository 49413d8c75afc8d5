import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { attributionOfRequest, type LeadCounter } from "../../core/attribution/visit.ts";
import { submitFinanceApplication } from "../../core/finance/applications.server.ts";
import { FINANCE_LEAD_TYPE, financeApplicationSchema } from "../../core/finance/application-schema.ts";
import type { FinanceCipher } from "../../core/finance/encryption.server.ts";
import type { Database } from "../../db/client.ts";
import { readJsonBody } from "../middleware/request-guard.ts";
import { answers, apiRouter, conflictAnswer, jsonLdBody, operation, WRITE_ANSWERS } from "./operation.ts";
import { idempotencyKeyHeader, withIdempotencyKey } from "./idempotency.ts";
import { apiError, ldResource } from "./responses.ts";
import { FINANCE_APPLICATION_EXAMPLE } from "./examples.ts";
import { financeApplicationStatusSchema } from "./schemas.ts";

/**
 * POST /api/finance_applications (product.md §7). 201 with the status object; the same idempotency key
 * again answers 200 with the same status (stored once). No endpoint ever returns applications, and the
 * body is never logged.
 */
export function financeRoutes(db: Database, cipher: FinanceCipher, countLead?: LeadCounter): OpenAPIHono {
  const app = apiRouter();
  operation(
    app,
    createRoute({
      method: "post",
      operationId: "createFinanceApplication",
      path: "/finance_applications",
      tags: ["Leads"],
      summary: "Send a finance application to the chosen dealer (stored encrypted; never answered back)",
      request: {
        headers: idempotencyKeyHeader("idempotencyKey", "fin-2026-11-25-8f3a9c1d2e"),
        body: jsonLdBody(
          financeApplicationSchema,
          "The whole application, the same schema as the site's finance wizard (core/finance/application-schema.ts)",
          FINANCE_APPLICATION_EXAMPLE,
        ),
      },
      responses: answers({
        ...WRITE_ANSWERS,
        201: {
          description: "The application is stored and queued for the dealer",
          schema: financeApplicationStatusSchema,
        },
        200: {
          description: "The same idempotency key was already stored: its status",
          schema: financeApplicationStatusSchema,
        },
        409: conflictAnswer(
          "The idempotency key already stored a different application (violations name idempotencyKey)",
        ),
      }),
    }),
    async (c) => {
      const body = await readJsonBody(c);
      if (!body.ok) return apiError(c, 400, "The body is not valid JSON");
      const keyed = withIdempotencyKey(body.value, c.req.header("Idempotency-Key"), "idempotencyKey");
      if (!keyed.ok) return apiError(c, 422, "The finance application is not valid", [keyed.violation]);
      const input = keyed.value;
      // The wizard (with JavaScript) posts here, with the visit's cookie.
      const attribution = attributionOfRequest(c.req.header("Cookie"));
      let result: Awaited<ReturnType<typeof submitFinanceApplication>>;
      try {
        result = await submitFinanceApplication(db, cipher, input, { attribution });
      } catch {
        // Never the error itself: a failed query's message carries its parameters.
        c.header("Retry-After", "30");
        return apiError(c, 503, "The application could not be stored just now; please try again");
      }
      if (!result.ok && "keyReused" in result)
        return apiError(c, 409, result.violations[0]!.message, result.violations);
      if (!result.ok) return apiError(c, 422, "The finance application is not valid", result.violations);
      if (result.created) countLead?.({ leadType: FINANCE_LEAD_TYPE, attribution });
      const { "@type": type, ...status } = result.status;
      return ldResource(c, status, type, undefined, result.created ? 201 : 200);
    },
  );
  return app;
}
