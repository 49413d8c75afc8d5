import { describe, expect, it } from "vitest";
import type { RangeModelView } from "../../core/catalogue/ranges.server.ts";
import type { DealerView } from "../../core/dealers/dealers.server.ts";
import type { JsonLd } from "./meta.ts";
import { autoDealerJsonLd, daysOfWeek, modelJsonLd } from "./structured-data.ts";

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

describe("a new model's offers", () => {
  const variant = (scheduledPriceFrom: string | null) =>
    ({ variant: "1.5 Comfort", variant_slug: "1-5-comfort", modelPrice: 459_900, scheduledPriceFrom }) as never;
  const model = (state: RangeModelView["state"], scheduledPriceFrom: string | null = null) =>
    ({
      type: "car",
      make: "Honda",
      model: "HR-V",
      description: "A compact SUV.",
      mainImage: "/media/vehicles/suv.svg",
      state,
      variants: [variant(scheduledPriceFrom)],
    }) as unknown as RangeModelView;
  const offer = (data: JsonLd) => (data.offers as Record<string, unknown>[])[0]!;

  it("are in stock while the model is on sale, and limited while it runs out", () => {
    const site = "https://cars.example.co.za";
    expect(offer(modelJsonLd(site, model("on_sale"), "/new/honda/hr-v")).availability).toBe(
      "https://schema.org/InStock",
    );
    expect(offer(modelJsonLd(site, model("run_out"), "/new/honda/hr-v")).availability).toBe(
      "https://schema.org/LimitedAvailability",
    );
  });

  it("hold their price until the last South African day before a scheduled change", () => {
    const data = modelJsonLd(
      "https://cars.example.co.za",
      model("on_sale", "2027-01-01T22:00:00.000Z"),
      "/new/honda/hr-v",
    );
    expect(offer(data).priceValidUntil).toBe("2027-01-01");
    expect(offer(data).price).toBe(459_900);
  });
});
