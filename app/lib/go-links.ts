import { useRouteLoaderData } from "react-router";
import { HEAD_OFFICE_SLUG } from "../../core/dealers/group.ts";
import { SITE_LAYOUT_ID, type SiteLayoutData } from "./scope.ts";

/**
 * The site's WhatsApp, directions and call links (decision 057): WhatsApp and directions go through a
 * same-origin redirect that counts the click (server/go-links.ts); a call keeps its tel: link and names a ping
 * address in its `ping` attribute, which the browser posts to as it follows the link (no script needed). The
 * HTML standard wants an absolute http(s) URL there: the site's public address (SITE_URL) comes first.
 */

function vehicleQuery(vehicleId: number | null | undefined): string {
  return vehicleId ? `?vehicle=${vehicleId}` : "";
}

/** The group's WhatsApp chat, at a dealer (their slug) or the group's (null), about a vehicle when on its page. */
export function whatsAppGoHref(dealerSlug: string | null, vehicleId?: number | null): string {
  return `/go/whatsapp/${encodeURIComponent(dealerSlug ?? HEAD_OFFICE_SLUG)}${vehicleQuery(vehicleId)}`;
}

/** The chat about a model of the new range (its make's and model's slugs), at a dealer or the group's. */
export function modelWhatsAppGoHref(dealerSlug: string | null, model: { makeSlug: string; modelSlug: string }): string {
  const pair = `${encodeURIComponent(model.makeSlug)}/${encodeURIComponent(model.modelSlug)}`;
  return `/go/whatsapp/${encodeURIComponent(dealerSlug ?? HEAD_OFFICE_SLUG)}?model=${pair}`;
}

/** Directions to a dealer (a map search for its address). */
export function directionsGoHref(dealerSlug: string, vehicleId?: number | null): string {
  return `/go/directions/${encodeURIComponent(dealerSlug)}${vehicleQuery(vehicleId)}`;
}

/** The `ping` of a call link to a dealer's number, on the site's public address. */
export function callPing(siteUrl: string, dealerSlug: string, vehicleId?: number | null): string {
  return `${siteUrl.replace(/\/+$/, "")}/go/ping/call/${encodeURIComponent(dealerSlug)}${vehicleQuery(vehicleId)}`;
}

/** The site's public address, as the site layout's loader gives it to every public page. */
export function useSiteUrl(): string {
  return useRouteLoaderData<SiteLayoutData>(SITE_LAYOUT_ID)?.siteUrl ?? "";
}
