import { createHmac } from "node:crypto";

const SIGNATURE_HEADER = "X-Lead-Signature";
const TIMESTAMP_HEADER = "X-Lead-Timestamp";
const WEBHOOK_TIMEOUT_MS = 10_000;

/** HMAC-SHA256 over `${timestamp}.${body}` with the dealer's secret, as `sha256=<hex>`. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export type WebhookRequest = {
  url: string;
  body: string;
  contentType: string;
  secret: string | null;
  idempotencyKey: string;
  now: Date;
};

/** POSTs a lead to a dealer's CRM; anything but a 2xx answer within 10 s is an error (and retried). */
export async function postWebhook(request: WebhookRequest, fetchImpl: typeof fetch = fetch): Promise<void> {
  const timestamp = String(Math.floor(request.now.getTime() / 1000));
  const headers: Record<string, string> = {
    "Content-Type": request.contentType,
    "Idempotency-Key": request.idempotencyKey,
    [TIMESTAMP_HEADER]: timestamp,
    "User-Agent": "HondaDealerGroup-LeadDelivery/1",
  };
  if (request.secret) headers[SIGNATURE_HEADER] = signWebhook(request.secret, timestamp, request.body);
  const response = await fetchImpl(request.url, {
    method: "POST",
    headers,
    body: request.body,
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    redirect: "error",
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`webhook answered HTTP ${response.status}`);
}
