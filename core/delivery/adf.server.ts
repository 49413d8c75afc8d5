import { saIso } from "../appointments/calendar.ts";
import { describeSource } from "../attribution/visit.ts";
import { type LeadForDelivery, siteLink, visitSourceLines } from "./lead-source.server.ts";

const PROVIDER_NAME = "Honda Dealer Group Website";

/** Escapes the five characters that are markup in XML and HTML text and attribute values. */
export const escapeMarkup = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Characters XML 1.0 forbids (control characters other than tab and line breaks, non-characters) and lone surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML forbids are what this removes
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/gu;
const xmlText = (text: string) => escapeMarkup(text.replace(NOT_XML, ""));

type Value = string | number | null | undefined;
/** An element: its name, attributes, and text or child elements; `null` leaves an optional element out. */
type Node = { name: string; attributes?: Record<string, string>; text?: Value; children?: (Node | null)[] } | null;

const el = (name: string, text: Value, attributes?: Record<string, string>): Node =>
  text === undefined || text === null || text === "" ? null : { name, text, attributes };
/** An element the document type requires: written even when empty. */
const required = (name: string, text: Value): Node => ({ name, text: text ?? "" });

function render(node: Node, depth: number): string[] {
  if (!node) return [];
  const indent = "  ".repeat(depth);
  const attributes = Object.entries(node.attributes ?? {})
    .map(([key, value]) => ` ${key}="${xmlText(value)}"`)
    .join("");
  if (node.children) {
    return [
      `${indent}<${node.name}${attributes}>`,
      ...node.children.flatMap((child) => render(child, depth + 1)),
      `${indent}</${node.name}>`,
    ];
  }
  return [`${indent}<${node.name}${attributes}>${xmlText(String(node.text ?? ""))}</${node.name}>`];
}

/** ISO 8601 to the second, as ADF's examples write it. */
const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

function vehicleNode(lead: LeadForDelivery, vehicle = lead.vehicle, finance = lead.finance): Node {
  // A seller's photo goes in the one imagetag ADF allows; every photo's link is in the comments.
  const photo = vehicle === lead.vehicle ? lead.photoLinks?.[0] : undefined;
  return {
    name: "vehicle",
    attributes: { interest: vehicle.interest, status: vehicle.condition },
    children: [
      required("year", vehicle.year),
      required("make", vehicle.make),
      required("model", vehicle.model),
      el("vin", vehicle.vin),
      el("stock", vehicle.stock),
      el("trim", vehicle.trim),
      el("odometer", vehicle.odometerKm, { status: "original", units: "km" }),
      el("condition", vehicle.rating),
      el("imagetag", photo),
      vehicle.price ? el("price", vehicle.price.zar, { type: vehicle.price.type, currency: "ZAR" }) : null,
      finance
        ? {
            name: "finance",
            children: [
              el("method", finance.method),
              el("amount", finance.amountZar, { type: "total", limit: "maximum", currency: "ZAR" }),
            ],
          }
        : null,
    ],
  };
}

function customerNode(lead: LeadForDelivery, siteUrl: string): Node {
  const { customer, timeframe } = lead;
  const photos = (lead.photoLinks ?? []).map((link, index) => `Photo ${index + 1}: ${link}`);
  // ADF 1.0 has no field for a campaign, its term and content or an ad platform's click id: they are written here.
  const visit = visitSourceLines(lead.attribution, siteUrl).map(([label, value]) => `${label}: ${value}`);
  const comments = [customer.message, ...lead.notes, ...photos, ...visit].filter(Boolean).join("\n");
  return {
    name: "customer",
    children: [
      {
        name: "contact",
        children: [
          el("name", customer.firstName, { part: "first" }),
          el("name", customer.lastName, { part: "last" }),
          el("email", customer.email),
          el("phone", customer.cellPhone, { type: "cellphone" }),
        ],
      },
      timeframe
        ? {
            name: "timeframe",
            children: [
              required("description", timeframe.description),
              // In South African time (+02:00), as the buyer chose it.
              el("earliestdate", timeframe.earliest && saIso(timeframe.earliest)),
              el("latestdate", timeframe.latest && saIso(timeframe.latest)),
            ],
          }
        : null,
      el("comments", comments),
    ],
  };
}

function vendorNode(lead: LeadForDelivery, siteUrl: string): Node {
  const { dealer } = lead;
  return {
    name: "vendor",
    children: [
      el("id", dealer.slug, { source: PROVIDER_NAME }),
      el("vendorname", dealer.dealerName),
      el("url", new URL(`/dealer/${dealer.slug}`, siteUrl).toString()),
      {
        name: "contact",
        children: [
          el("name", dealer.dpName, { part: "full" }),
          el("email", dealer.dpEmail),
          el("phone", dealer.contactNo, { type: "voice" }),
          {
            name: "address",
            attributes: { type: "work" },
            children: [
              required("street", dealer.street ?? dealer.address),
              el("city", dealer.city),
              el("regioncode", dealer.province),
              el("postalcode", dealer.postalCode),
              el("country", "ZA"),
            ],
          },
        ],
      },
    ],
  };
}

/**
 * This website as the lead's provider, the name CRMs file the lead source under; the service (the sub-source
 * where a CRM has one) names the form and, when a visit was recorded, where it came from: "New Vehicles (Group
 * Website Honda-Online New Vehicles) from facebook / cpc / spring-sale".
 */
function providerNode(lead: LeadForDelivery, siteUrl: string): Node {
  const form = `${lead.formName}${lead.source ? ` (${lead.source})` : ""}`;
  return {
    name: "provider",
    children: [
      el("name", PROVIDER_NAME, { part: "full", type: "business" }),
      el("service", lead.attribution ? `${form} from ${describeSource(lead.attribution)}` : form),
      el("url", siteLink(lead.uri, siteUrl) ?? siteUrl),
    ],
  };
}

/**
 * The lead as ADF 1.0 (Auto-lead Data Format), the XML dealer CRMs import, valid against
 * core/delivery/adf/adf-1.0.dtd: prospect, request date, the vehicle (always year, make and model; a finance
 * application's finance element), the customer, the vendor (the dealer, with its structured address) and the
 * provider (this website, the form and the visit's source, whose campaign details are in the customer's
 * comments). Elements are in the standard's order.
 */
export function buildAdfXml(lead: LeadForDelivery, siteUrl: string): string {
  const prospect: Node = {
    name: "prospect",
    // A moved or cancelled appointment sends the lead again, as it now is: ADF calls that a resend.
    attributes: { status: lead.appointment && lead.appointment.version > 1 ? "resend" : "new" },
    children: [
      el("id", lead.id, { sequence: "1", source: PROVIDER_NAME }),
      required("requestdate", isoSeconds(lead.createdAt)),
      vehicleNode(lead),
      lead.wantedVehicle ? vehicleNode(lead, lead.wantedVehicle, null) : null,
      customerNode(lead, siteUrl),
      vendorNode(lead, siteUrl),
      providerNode(lead, siteUrl),
    ],
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    ...render({ name: "adf", children: [prospect] }, 0),
  ].join("\n");
}

/** The same lead as JSON for CRMs that prefer it. */
export function buildLeadJson(lead: LeadForDelivery): string {
  return JSON.stringify({
    id: lead.id,
    reference: lead.reference,
    requestDate: lead.createdAt.toISOString(),
    formName: lead.formName,
    leadType: lead.leadType,
    source: lead.source,
    uri: lead.uri,
    dealer: { slug: lead.dealer.slug, name: lead.dealer.dealerName },
    customer: lead.customer,
    vehicle: lead.vehicle,
    notes: lead.notes,
    // Where the visit that sent the lead came from (core/attribution/visit.ts VisitSource); null when not recorded.
    attribution: lead.attribution,
  });
}
