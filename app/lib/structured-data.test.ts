import { describe, expect, it } from "vitest";
import type { DealerView } from "../../core/dealers/dealers.ts";
import { autoDealerJsonLd, daysOfWeek } from "./structured-data.ts";

describe("daysOfWeek", () => {
  it("reads ranges and single days of the dealers' business hours", () => {
    expect(daysOfWeek("Monday to Friday")).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]);
    expect(daysOfWeek("Saturday and public holidays")).toEqual(["Saturday", "PublicHolidays"]);
    expect(daysOfWeek("Public holidays")).toEqual(["PublicHolidays"]);
    expect(daysOfWeek("Sunday")).toEqual(["Sunday"]);
  });
});

describe("autoDealerJsonLd", () => {
  it("gives the address and only the open days' hours", () => {
    const dealer = {
      slug: "honda-sandton",
      dealerName: "Honda Sandton",
      uri: "/dealer/honda-sandton",
      dealer_contact_no: "011 000 0000",
      address: "1 Rivonia Road, Sandton",
      city: "Sandton",
      province: "Gauteng",
      business_hours: [
        { days: "Monday to Friday", opens: "07:30", closes: "17:30" },
        { days: "Sunday", opens: null, closes: null },
      ],
    } as DealerView;
    const data = autoDealerJsonLd("https://example.co.za", dealer);
    expect(data).toMatchObject({
      "@type": "AutoDealer",
      name: "Honda Sandton",
      url: "https://example.co.za/dealer/honda-sandton",
      address: { "@type": "PostalAddress", addressLocality: "Sandton", addressRegion: "Gauteng", addressCountry: "ZA" },
    });
    expect(data.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((day) => `https://schema.org/${day}`),
        opens: "07:30",
        closes: "17:30",
      },
    ]);
  });
});
