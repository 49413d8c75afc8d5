import { describe, expect, it } from "vitest";
import { mapSearchUrl } from "../../core/dealers/contact-links.server.ts";
import { formatOpeningTimes, telHref } from "./hours.ts";

describe("dealer contact helpers", () => {
  it("formats opening times and closed days", () => {
    expect(formatOpeningTimes({ days: "Monday to Friday", opens: "07:15", closes: "17:15" })).toBe("07:15 – 17:15");
    expect(formatOpeningTimes({ days: "Sunday", opens: null, closes: null })).toBe("Closed");
  });

  it("builds a map search link with the location encoded", () => {
    expect(mapSearchUrl("17 Bultfontein Road, Kimberley & Co")).toBe(
      "https://www.google.com/maps/search/?api=1&query=17%20Bultfontein%20Road%2C%20Kimberley%20%26%20Co",
    );
  });

  it("turns a local number into an international tel: link", () => {
    expect(telHref("011 784 2210")).toBe("tel:+27117842210");
    expect(telHref("+27 11 784 2210")).toBe("tel:+27117842210");
  });
});
