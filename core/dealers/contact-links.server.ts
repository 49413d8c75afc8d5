import { GROUP_NAME } from "./dealers.server.ts";

/**
 * Where the site's WhatsApp and directions links lead. Pages link to /go/... (server/go-links.ts), which
 * counts the click and redirects here: the destination is computed from the dealer record on the server, never
 * taken from the link, so /go/ cannot send anyone anywhere else.
 */

/** The group's one WhatsApp line (product.md §1: messaging chat with a preset greeting); dealers have none of their own. */
export const WHATSAPP_NUMBER = "27115550123";
const WHATSAPP_GREETING = `Hi ${GROUP_NAME}, I'd like some help with a vehicle.`;

export function whatsAppUrl(greeting = WHATSAPP_GREETING): string {
  return `https://wa.me/${WHATSAPP_NUMBER}?text=${encodeURIComponent(greeting)}`;
}

/** What a chat is about: a used vehicle on sale (named with its reference) or a model of the new range. */
export type ChatSubject =
  | { year: number; make: string; model: string; variant: string; id: number }
  | { make: string; model: string };

/** The chat's greeting: about a vehicle and at a dealer when the link was on their pages. */
export function whatsAppGreeting(dealerName: string | null, subject: ChatSubject | null): string {
  if (!dealerName && !subject) return WHATSAPP_GREETING;
  const about = !subject
    ? "a vehicle"
    : "id" in subject
      ? `the ${subject.year} ${subject.make} ${subject.model} ${subject.variant} (ref. ${subject.id})`
      : `the new ${subject.make} ${subject.model}`;
  return `Hi ${GROUP_NAME}, I'd like some help with ${about}${dealerName ? ` at ${dealerName}` : ""}.`;
}

/** A Google Maps search for an address, opened on demand (no third-party script on our pages). */
export function mapSearchUrl(location: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;
}
