import { Hono } from "hono";
import { submitEnquiry } from "../../core/leads/enquiries.ts";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../logger.ts";
import { readJsonBody } from "../middleware/request-guard.ts";
import { apiError, jsonLd } from "./responses.ts";

/**
 * POST /api/customer_enquiries (SPEC section 7): one enquiry from any form. 201 with the stored lead's id
 * and status; 200 with the same when it was already stored (same idempotency key, or the same lead within
 * 10 minutes); 422 with violations; 400 malformed JSON. 413, 415 and 429 come from the POST guards.
 */
export function enquiryRoutes(db: Database, logger?: Logger): Hono {
  return new Hono().post("/customer_enquiries", async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return apiError(c, 400, "The request body is not valid JSON");
    const outcome = await submitEnquiry(db, body.value, {
      onDropped: (details) => logger?.warn({ ...details, channel: "api" }, "enquiry dropped as automated"),
    });
    if (outcome.kind === "invalid") return apiError(c, 422, "The enquiry is not valid", outcome.violations);
    if (outcome.kind === "slot-taken") {
      return apiError(c, 409, outcome.message, [{ propertyPath: "appointment_start", message: outcome.message }]);
    }
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
  });
}
