import type { LeadForDelivery } from "./lead-source.ts";

export const PROVIDER_NAME = "Honda Dealer Group Website";

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Drops characters XML 1.0 forbids (control characters other than tab, newline and carriage return). */
const xmlSafe = (text: string) => escapeXml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ""));

const element = (name: string, value: string | number | undefined | null, attributes = "") =>
  value === undefined || value === null || value === "" ? "" : `<${name}${attributes}>${xmlSafe(String(value))}</${name}>`;

/**
 * The lead as ADF 1.0 (Auto-lead Data Format), the XML most dealer CRMs import: prospect, request date,
 * vehicle of interest, customer contact, vendor (the dealer) and provider (this website).
 */
export function buildAdfXml(lead: LeadForDelivery, siteUrl: string): string {
  const vehicle = lead.vehicle;
  const customer = lead.customer;
  const comments = [customer?.message, ...lead.notes].filter(Boolean).join("\n");
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    "<adf>",
    '<prospect status="new">',
    element("id", lead.id, ` sequence="1" source="${escapeXml(PROVIDER_NAME)}"`),
    element("requestdate", lead.createdAt.toISOString()),
    vehicle
      ? [
          `<vehicle interest="${vehicle.interest}" status="${vehicle.condition}">`,
          element("year", vehicle.year),
          element("make", vehicle.make),
          element("model", vehicle.model),
          element("trim", vehicle.trim),
          element("stock", vehicle.stock),
          element("odometer", vehicle.odometerKm, ' status="original" units="km"'),
          element("price", vehicle.priceZar, ' type="asking" currency="ZAR"'),
          "</vehicle>",
        ].join("")
      : "",
    customer
      ? [
          "<customer><contact>",
          element("name", customer.firstName, ' part="first"'),
          element("name", customer.lastName, ' part="last"'),
          element("email", customer.email),
          element("phone", customer.cellPhone, ' type="cellphone"'),
          "</contact>",
          element("comments", comments),
          "</customer>",
        ].join("")
      : "",
    [
      "<vendor>",
      element("id", lead.dealer.slug, ' source="dealer-slug"'),
      element("vendorname", lead.dealer.dealerName),
      "<contact>",
      element("name", lead.dealer.dpName, ' part="full"'),
      element("email", lead.dealer.dpEmail),
      element("phone", lead.dealer.contactNo, ' type="voice"'),
      element("address", lead.dealer.address),
      "</contact>",
      "</vendor>",
    ].join(""),
    [
      "<provider>",
      element("name", PROVIDER_NAME, ' part="full"'),
      element("service", `${lead.formName}${lead.source ? ` (${lead.source})` : ""}`),
      element("url", lead.uri ? new URL(lead.uri, siteUrl).toString() : siteUrl),
      "</provider>",
    ].join(""),
    "</prospect>",
    "</adf>",
  ];
  return lines.filter(Boolean).join("\n");
}

/** The same lead as JSON for CRMs that prefer it. */
export function buildLeadJson(lead: LeadForDelivery): string {
  return JSON.stringify({
    id: lead.id,
    requestDate: lead.createdAt.toISOString(),
    formName: lead.formName,
    leadType: lead.leadType,
    source: lead.source,
    uri: lead.uri,
    dealer: { slug: lead.dealer.slug, name: lead.dealer.dealerName },
    customer: lead.customer,
    vehicle: lead.vehicle,
    notes: lead.notes,
  });
}
