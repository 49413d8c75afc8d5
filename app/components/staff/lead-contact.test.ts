import { describe, expect, it } from "vitest";
import { contactLinks } from "./lead-contact.tsx";

const lead = {
  firstName: "Lerato",
  email: "lerato@example.co.za",
  dealerName: "Honda Menlyn",
  reference: "HDG-1A2B3C4D",
};

describe("a lead's one-tap contact links", () => {
  it("call and WhatsApp a South African cell number in international form, whatever its spelling", () => {
    for (const phone of ["082 555 0199", "+27 82 555 0199", "0825550199", "27825550199"]) {
      const links = contactLinks({ ...lead, phone });
      expect(links.call).toBe("tel:+27825550199");
      expect(links.whatsApp).toBe(
        "https://wa.me/27825550199?text=Hello+Lerato%2C+this+is+Honda+Menlyn+about+your+enquiry+HDG-1A2B3C4D.",
      );
      expect(links.email).toBe("mailto:lerato@example.co.za");
    }
  });

  it("call a number that is no cell number as written, and offer no WhatsApp for it", () => {
    expect(contactLinks({ ...lead, phone: "(012) 345-6789" })).toMatchObject({
      call: "tel:0123456789",
      whatsApp: null,
    });
  });

  it("offer nothing for what the lead lacks", () => {
    expect(contactLinks({ ...lead, phone: null, email: null })).toEqual({ call: null, whatsApp: null, email: null });
  });
});
