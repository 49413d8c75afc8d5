import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { attributionOfRequest, type LeadCounter } from "../../core/attribution/visit.ts";
import { enquiryStatus, submitEnquiry } from "../../core/leads/enquiries.server.ts";
import { enquiryInputSchema } from "../../core/leads/enquiry-schema.ts";
import type { WriteQueue } from "../../core/shared/write-queue.ts";
import type { Database } from "../../db/client.ts";
import { readJsonBody } from "../middleware/request-guard.ts";
import { idempotencyKeyHeader, withIdempotencyKey } from "./idempotency.ts";
import {
  answers,
  apiRouter,
  conflictAnswer,
  jsonLdBody,
  notFoundAnswer,
  operation,
  WRITE_ANSWERS,
} from "./operation.ts";
import { apiError, jsonLd, ldResource, notFound } from "./responses.ts";
import { ENQUIRY_EXAMPLE } from "./examples.ts";
import { customerEnquiryStatusSchema } from "./schemas.ts";

/**
 * POST /api/customer_enquiries (product.md §7): one enquiry from any form. 201 with the stored lead's id
 * and status; 200 with the same when it was already stored (same idempotency key, or the same lead within
 * 10 minutes); 422 with violations; 400 malformed JSON; 503 with Retry-After when too many writes are
 * waiting for the database (the bounded write queue). 413, 415 and 429 come from the POST guards.
 */
export function enquiryRoutes(db: Database, writeQueue: WriteQueue, countLead?: LeadCounter): OpenAPIHono {
  const app = apiRouter();
  operation(
    app,
    createRoute({
      method: "post",
      operationId: "createCustomerEnquiry",
      path: "/customer_enquiries",
      tags: ["Leads"],
      summary:
        "Send an enquiry from any form (new vehicle, used vehicle, Honda Wing, parts, service, specials, test drive)",
      request: {
        headers: idempotencyKeyHeader("idempotency_key", "enq-2026-11-25-7c1e9a"),
        body: jsonLdBody(
          enquiryInputSchema,
          "The enquiry; the same schema as the site's own forms (core/leads/enquiry-schema.ts)",
          ENQUIRY_EXAMPLE,
        ),
      },
      responses: answers({
        ...WRITE_ANSWERS,
        409: conflictAnswer(
          "The appointment time chosen has just been taken: pick another (violations name appointment_start); or the idempotency_key already stored a different enquiry (violations name idempotency_key)",
        ),
        201: { description: "The enquiry is stored and queued for the dealer", schema: customerEnquiryStatusSchema },
        200: {
          description: "The same enquiry was already stored (same idempotency_key, or the same lead within 10 minutes)",
          schema: customerEnquiryStatusSchema,
        },
      }),
    }),
    async (c) => {
      const body = await readJsonBody(c);
      if (!body.ok) return apiError(c, 400, "The request body is not valid JSON");
      const keyed = withIdempotencyKey(body.value, c.req.header("Idempotency-Key"), "idempotency_key");
      if (!keyed.ok) return apiError(c, 422, "The enquiry is not valid", [keyed.violation]);
      // A browser's post carries the visit's cookie (same origin); another client's lead has no visit.
      const attribution = attributionOfRequest(c.req.header("Cookie"));
      // A full queue throws WriteQueueFull before anything is stored: createApp's onError answers 503 with Retry-After.
      const outcome = await writeQueue.run(() => submitEnquiry(db, keyed.value, { attribution }));
      if (outcome.kind === "invalid") return apiError(c, 422, "The enquiry is not valid", outcome.violations);
      if (outcome.kind === "slot-taken") {
        return apiError(c, 409, outcome.message, [{ propertyPath: "appointment_start", message: outcome.message }]);
      }
      if (outcome.kind === "key-reused") {
        return apiError(c, 409, outcome.message, [{ propertyPath: "idempotency_key", message: outcome.message }]);
      }
      if (outcome.kind === "stored" && outcome.created) countLead?.({ leadType: outcome.leadType, attribution });
      const created = outcome.created;
      return jsonLd(
        c,
        {
          "@context": "/api/contexts/CustomerEnquiry",
          "@id": `/api/customer_enquiries/${outcome.id}`,
          "@type": "CustomerEnquiry",
          id: outcome.id,
          status: outcome.status,
        },
        created ? 201 : 200,
      );
    },
  );
  operation(
    app,
    createRoute({
      method: "get",
      operationId: "getCustomerEnquiry",
      path: "/customer_enquiries/{id}",
      tags: ["Leads"],
      summary:
        "A lead's delivery status, at the @id its POST answered: Queued, then Delivered once its dealer has it, or Failed",
      request: {
        params: z.object({
          id: z
            .string()
            .openapi({ param: { name: "id", in: "path" }, example: "3f1c2a9e-5b7d-4c1e-9a0b-2d6f8e4c7a31" }),
        }),
      },
      responses: answers({
        200: { description: "The lead's status (never its details)", schema: customerEnquiryStatusSchema },
        404: notFoundAnswer("enquiry"),
      }),
    }),
    async (c, { params }) => {
      const lead = await enquiryStatus(db, params.id);
      return lead
        ? ldResource(c, lead, "CustomerEnquiry", `/api/customer_enquiries/${lead.id}`)
        : notFound(c, "Enquiry");
    },
  );
  return app;
}
