/** The dealer form's fields and their labels (issue 16), for the page and the service's messages. */
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
} as const;

export type DealerField = keyof typeof DEALER_FIELD_LABELS;
