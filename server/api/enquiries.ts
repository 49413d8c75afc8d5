import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { submitEnquiry } from "../../core/leads/enquiries.ts";
import { enquiryInputSchema } from "../../core/leads/enquiry-schema.ts";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../logger.ts";
import { readJsonBody } from "../middleware/request-guard.ts";
import { answers, apiRouter, jsonLdBody, operation, WRITE_ANSWERS } from "./operation.ts";
import { apiError, jsonLd } from "./responses.ts";
import { ENQUIRY_EXAMPLE } from "./examples.ts";
import { customerEnquiryStatusSchema } from "./schemas.ts";

/**
 * POST /api/customer_enquiries (SPEC section 7): one enquiry from any form. 201 with the stored lead's id
 * and status; 200 with the same when it was already stored (same idempotency key, or the same lead within
 * 10 minutes); 422 with violations; 400 malformed JSON. 413, 415 and 429 come from the POST guards.
 */
export function enquiryRoutes(db: Database, logger?: Logger): OpenAPIHono {
  const app = apiRouter();
  operation(
    app,
    createRoute({
      method: "post",
      path: "/customer_enquiries",
      tags: ["Leads"],
      summary: "Send an enquiry from any form (new vehicle, used vehicle, Honda Wing, parts, service, specials, test drive)",
      request: { body: jsonLdBody(enquiryInputSchema, "The enquiry; the same schema as the site's own forms (core/leads/enquiry-schema.ts)", ENQUIRY_EXAMPLE) },
      responses: answers({
        ...WRITE_ANSWERS,
        201: { description: "The enquiry is stored and queued for the dealer", schema: customerEnquiryStatusSchema },
        200: { description: "The same enquiry was already stored (same idempotency_key, or the same lead within 10 minutes)", schema: customerEnquiryStatusSchema },
      }),
    }),
    async (c) => {
      const body = await readJsonBody(c);
      if (!body.ok) return apiError(c, 400, "The request body is not valid JSON");
      const outcome = await submitEnquiry(db, body.value, {
        onDropped: (details) => logger?.warn({ ...details, channel: "api" }, "enquiry dropped as automated"),
      });
      if (outcome.kind === "invalid") return apiError(c, 422, "The enquiry is not valid", outcome.violations);
      const created = outcome.kind === "dropped" || outcome.created;
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
  return app;
}
