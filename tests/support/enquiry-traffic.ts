import { like } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { enquiries } from "../../db/schema.ts";

/**
 * A valid New Vehicles enquiry whose message carries `marker`, so that a test can find exactly the leads it
 * sent (the marker also keeps every lead distinct, so none is collapsed as a duplicate).
 */
export function markedEnquiry(marker: string): Record<string, unknown> {
  return {
    form_name: "New Vehicles",
    lead_type: "New Vehicles",
    first_name: "Lerato",
    last_name: "Mokoena",
    email: "lerato.mokoena@example.co.za",
    cell_phone: "082 555 0199",
    make: "Honda",
    model: "CR-V",
    variant: "1.5T Comfort CVT",
    message: `Please call me about the CR-V. Reference ${marker}`,
    contact: true,
    terms: true,
    dealer_slug: "honda-sandton",
    uri: "/new/honda/cr-v/1-5t-comfort-cvt/enquire",
  };
}

export type PostOutcome = { status: number; retryAfter: string | null; body: string } | { error: string };

/** POSTs one marked enquiry to the API; a network failure (e.g. the server died) is an outcome, not a throw. */
export async function postMarkedEnquiry(baseUrl: string, marker: string, timeoutMs = 10_000): Promise<PostOutcome> {
  try {
    const response = await fetch(`${baseUrl}/api/customer_enquiries`, {
      method: "POST",
      headers: { "Content-Type": "application/ld+json", Accept: "application/ld+json" },
      body: JSON.stringify(markedEnquiry(marker)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: await response.text() };
  } catch (error) {
    return { error: String((error as Error).cause ?? error) };
  }
}

/** How many stored enquiries carry each marker that starts with `prefix`. */
export async function storedMarkers(db: Database, prefix: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ message: enquiries.message })
    .from(enquiries)
    .where(like(enquiries.message, `%Reference ${prefix}%`));
  const counts = new Map<string, number>();
  for (const { message } of rows) {
    const marker = /Reference (\S+)$/.exec(message ?? "")?.[1];
    if (marker) counts.set(marker, (counts.get(marker) ?? 0) + 1);
  }
  return counts;
}
