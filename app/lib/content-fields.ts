import {
  BANNER_FIELD_LABELS,
  BANNER_TYPE_LABELS,
  BANNER_TYPES,
  DEAL_FIELD_LABELS,
  DEFAULT_BANNER_BUTTON_TEXT,
} from "../../core/content/content-labels.ts";

/** One field of the back office's content form (app/components/staff/content-form.tsx). */
export type ContentFieldSpec = {
  name: string;
  label: string;
  kind: "text" | "textarea" | "select" | "datetime" | "number" | "image";
  hint?: string;
  required?: boolean;
  options?: readonly { value: string; label: string }[];
};

type DealerChoice = { slug: string; name: string };

/** Group-wide first for the roles that may choose it; a dealer manager chooses among their dealers. */
function dealerOptions(dealers: readonly DealerChoice[], groupWide: boolean) {
  return [
    ...(groupWide ? [{ value: "", label: "Group-wide (every dealer)" }] : []),
    ...dealers.map((dealer) => ({ value: dealer.slug, label: dealer.name })),
  ];
}

/** The fields of a special or service deal (core/content/content-schema.ts has their rules). */
export function dealFields(
  dealers: readonly DealerChoice[],
  groupWide: boolean,
  { imageRequired }: { imageRequired: boolean },
): ContentFieldSpec[] {
  const label = DEAL_FIELD_LABELS;
  return [
    { name: "title", label: label.title, kind: "text", required: true },
    {
      name: "slug",
      label: label.slug,
      kind: "text",
      hint: "Its address: /specials/this-address. Left empty, it is made from the title.",
    },
    {
      name: "kind",
      label: label.kind,
      kind: "select",
      options: [
        { value: "special", label: "Special" },
        { value: "service", label: "Service deal" },
      ],
    },
    { name: "dealer", label: label.dealer, kind: "select", options: dealerOptions(dealers, groupWide) },
    {
      name: "summary",
      label: label.summary,
      kind: "textarea",
      required: true,
      hint: "What the offer is, with its terms; up to 600 characters.",
    },
    {
      name: "startsAt",
      label: label.startsAt,
      kind: "datetime",
      hint: "South African time. Empty: as soon as it is published.",
    },
    {
      name: "endsAt",
      label: label.endsAt,
      kind: "datetime",
      required: true,
      hint: "South African time: it leaves the site at this moment.",
    },
    { name: "sortOrder", label: label.sortOrder, kind: "number", hint: "Lower numbers come first." },
    {
      name: "image",
      label: label.image,
      kind: "image",
      required: imageRequired,
      hint: `JPEG, PNG or WebP, up to 20 MB, at least 1200 pixels wide is best.${imageRequired ? "" : " Choose one only to replace the current image."}`,
    },
  ];
}

/** The fields of a banner. */
export function bannerFields(
  dealers: readonly DealerChoice[],
  { imageRequired }: { imageRequired: boolean },
): ContentFieldSpec[] {
  const label = BANNER_FIELD_LABELS;
  return [
    { name: "title", label: label.title, kind: "text", required: true },
    {
      name: "type",
      label: label.type,
      kind: "select",
      options: BANNER_TYPES.map((type) => ({ value: type, label: BANNER_TYPE_LABELS[type] })),
    },
    { name: "buttonText", label: label.buttonText, kind: "text", hint: `Empty: "${DEFAULT_BANNER_BUTTON_TEXT}".` },
    {
      name: "buttonUrl",
      label: label.buttonUrl,
      kind: "text",
      required: true,
      hint: "A path on this site, e.g. /new/honda/hr-v, or an https:// address.",
    },
    {
      name: "dealer",
      label: label.dealer,
      kind: "select",
      options: dealerOptions(dealers, true),
      hint: "A dealer's banner shows on that dealer's pages, with the group's.",
    },
    { name: "sortOrder", label: label.sortOrder, kind: "number", hint: "Lower numbers come first." },
    { name: "startsAt", label: label.startsAt, kind: "datetime", hint: "South African time. Empty: from now." },
    { name: "endsAt", label: label.endsAt, kind: "datetime", hint: "South African time. Empty: until it is changed." },
    {
      name: "image",
      label: label.image,
      kind: "image",
      required: imageRequired,
      hint: `JPEG, PNG or WebP, up to 20 MB, at least 1440 pixels wide is best.${imageRequired ? "" : " Choose one only to replace the current image."}`,
    },
  ];
}

export const DEAL_FORM_FIELDS = Object.keys(DEAL_FIELD_LABELS).filter((name) => name !== "image");
export const BANNER_FORM_FIELDS = Object.keys(BANNER_FIELD_LABELS).filter((name) => name !== "image");

/** What the public sees of a deal now, as the back office says it. */
export const PUBLIC_STATE_LABELS: Record<"public" | "not-found" | "gone", string> = {
  public: "On the site",
  "not-found": "Not on the site",
  gone: "Ended",
};

/** A record id from the path; 0 (found by no one) for anything else. */
export const recordId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : 0);
