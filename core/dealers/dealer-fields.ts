/** The dealer form's fields and their labels, for the page and the service's messages. */
export const DEALER_FIELD_LABELS = {
  dealerName: "Dealer name",
  slug: "Address (slug)",
  contactNo: "Phone",
  street: "Street address",
  city: "City or town",
  province: "Province",
  postalCode: "Postal code",
  location: "Map location",
  dpName: "Dealer principal's name",
  dpEmail: "Dealer principal's e-mail",
  dpContactNo: "Dealer principal's phone",
  crmEmails: "CRM lead addresses (ADF)",
  enquiryEmails: "E-mail addresses for enquiries",
  financeEmails: "E-mail addresses for finance applications",
  webhookUrl: "CRM webhook URL",
  webhookSecret: "CRM webhook secret",
  webhookFormat: "CRM webhook format",
} as const;

export type DealerField = keyof typeof DEALER_FIELD_LABELS;

/** What a CRM webhook is sent (decision 015): the lead's ADF XML, or the same lead as JSON. */
export const WEBHOOK_FORMATS = [
  { value: "adf", label: "ADF XML (application/xml)" },
  { value: "json", label: "JSON (application/json)" },
] as const;
