import { describe, expect, it } from "vitest";
import {
  attributionOfRequest,
  decodeVisit,
  describeSource,
  encodeVisit,
  sourceOfLanding,
  VISIT_COOKIE,
  VISIT_IDLE_SECONDS,
  VISIT_MAX_SECONDS,
  startsVisit,
  visitCookieDue,
  visitCookieHeader,
  visitOfRequest,
} from "./visit.ts";

const SITE = "www.hondadealers.co.za";
const landing = (path: string) => new URL(`https://${SITE}${path}`);

describe("the source of a visit's first page", () => {
  it.each([
    [
      "/used?utm_source=Facebook&utm_medium=CPC&utm_campaign=Spring-Sale&fbclid=abc",
      null,
      { source: "facebook", medium: "cpc", campaign: "Spring-Sale" },
    ],
    ["/used?gclid=Cj0KCQ", "https://www.google.co.za/", { source: "google", medium: "cpc", campaign: null }],
    ["/used?ttclid=E.C.P", null, { source: "tiktok", medium: "cpc", campaign: null }],
    ["/used?fbclid=IwAR", "https://l.facebook.com/", { source: "facebook", medium: "social", campaign: null }],
    ["/", "https://www.google.co.za/search?q=honda", { source: "google", medium: "organic", campaign: null }],
    ["/", "https://duckduckgo.com/", { source: "duckduckgo", medium: "organic", campaign: null }],
    ["/", "https://www.tiktok.com/@dealer/video/1", { source: "tiktok", medium: "social", campaign: null }],
    [
      "/",
      "https://www.autotrader.co.za/cars-for-sale/1",
      { source: "autotrader.co.za", medium: "referral", campaign: null },
    ],
    ["/", null, { source: "direct", medium: "(none)", campaign: null }],
    ["/", "android-app://com.google.android.gm/", { source: "direct", medium: "(none)", campaign: null }],
  ])("%s from %s", (path, referrer, expected) => {
    expect(sourceOfLanding(landing(path), referrer)).toMatchObject(expected);
  });

  it("keeps the referrer's host only, the path without its query, and the click ids", () => {
    const source = sourceOfLanding(
      landing("/used/honda/jazz?utm_source=meta&gclid=G1&ttclid=T1&email=buyer@example.com"),
      "https://www.facebook.com/groups/123?ref=share",
    );
    expect(source).toEqual({
      source: "meta",
      medium: "(not set)",
      campaign: null,
      term: null,
      content: null,
      referrerHost: "facebook.com",
      landingPath: "/used/honda/jazz",
      clickIds: { gclid: "G1", ttclid: "T1" },
    });
  });
});

describe("a visit across pages", () => {
  const start = 1_800_000_000;
  const first = visitOfRequest(
    null,
    landing("/used?utm_source=facebook&utm_medium=cpc&utm_campaign=spring"),
    "https://l.facebook.com/",
    SITE,
    start,
  );

  it("is not overwritten by an internal referrer or a page without one", () => {
    const next = visitOfRequest(first, landing("/finance"), `https://${SITE}/used`, SITE, start + 60);
    expect(next.source).toEqual(first.source);
    expect(visitOfRequest(first, landing("/finance"), null, SITE, start + 60).source).toEqual(first.source);
    expect(visitCookieDue(first, next)).toBe(false);
  });

  it("starts again on a new campaign click or an arrival from another site", () => {
    expect(visitOfRequest(first, landing("/?gclid=X"), null, SITE, start + 60).source.source).toBe("google");
    expect(visitOfRequest(first, landing("/"), "https://www.bing.com/", SITE, start + 60).source.source).toBe("bing");
  });

  it("starts again on another campaign's link opened in the same second as the visit began", () => {
    const other = visitOfRequest(
      first,
      landing("/used?utm_source=facebook&utm_medium=cpc&utm_campaign=winter"),
      null,
      SITE,
      start,
    );
    expect(other.source.campaign).toBe("winter");
    expect(startsVisit(first, other)).toBe(true);
    expect(visitCookieDue(first, other)).toBe(true);
    expect(startsVisit(first, visitOfRequest(first, landing("/finance"), null, SITE, start))).toBe(false);
  });

  it("starts as direct when it arrives from the site itself with no live visit", () => {
    expect(visitOfRequest(null, landing("/used"), `https://${SITE}/`, SITE, start).source).toMatchObject({
      source: "direct",
      referrerHost: null,
    });
  });

  it("lives 30 minutes idle and a day at most, in a cookie refreshed every few minutes of use", () => {
    const value = encodeVisit(first);
    expect(decodeVisit(value, start + VISIT_IDLE_SECONDS)).toEqual(first);
    expect(decodeVisit(value, start + VISIT_IDLE_SECONDS + 1)).toBeNull();
    const kept = { ...first, lastSeenAt: start + VISIT_MAX_SECONDS };
    expect(decodeVisit(encodeVisit(kept), start + VISIT_MAX_SECONDS + 1)).toBeNull();
    expect(visitCookieDue(first, { ...first, lastSeenAt: start + 300 })).toBe(true);
    expect(visitCookieHeader(first, start, true)).toMatch(
      new RegExp(`^${VISIT_COOKIE}=[A-Za-z0-9_-]+; Path=/; Max-Age=1800; HttpOnly; SameSite=Lax; Secure$`),
    );
    expect(visitCookieHeader(first, start + VISIT_MAX_SECONDS - 100, false)).toContain("Max-Age=100;");
  });

  it("fits the cookie however long and wide the campaign's parameters are, so that the visit lives on", () => {
    const wide = "\u0939".repeat(300);
    const query = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "fbclid", "ttclid"]
      .map((name) => `${name}=${wide}`)
      .join("&");
    const visit = visitOfRequest(
      null,
      landing(`/${"x".repeat(300)}?${query}`),
      `https://${"r".repeat(60)}.example/`,
      SITE,
      start,
    );
    const value = encodeVisit(visit);
    expect(value.length).toBeLessThanOrEqual(2048);
    const kept = decodeVisit(value, start + 60);
    expect(kept?.source.campaign).toBe(wide.slice(0, kept!.source.campaign!.length));
    expect(kept?.source.clickIds.gclid?.length).toBeGreaterThan(0);
    expect(kept?.source.landingPath.startsWith("/")).toBe(true);
  });

  it("ignores a cookie that is not one of ours", () => {
    for (const value of ["", "not base64!", Buffer.from('{"source":1}').toString("base64url"), "A".repeat(5000)]) {
      expect(decodeVisit(value, start)).toBeNull();
    }
  });

  it("is what a lead sent during the visit stores", () => {
    const cookie = `dealer_slug=honda-sandton; ${VISIT_COOKIE}=${encodeVisit(first)}`;
    expect(attributionOfRequest(cookie, start + 10)).toEqual(first.source);
    expect(attributionOfRequest("dealer_slug=honda-sandton", start)).toBeNull();
    expect(describeSource(first.source)).toBe("facebook / cpc / spring");
  });
});

describe("a visit's fields hold one line of plain text", () => {
  const start = 1_800_000_000;
  const forged = "spring\r\nCell: 082 000 0000\u202Eevil";
  const forgedCookie = (source: Record<string, unknown>) =>
    Buffer.from(JSON.stringify({ source, startedAt: start, lastSeenAt: start })).toString("base64url");
  const honest = {
    source: "facebook",
    medium: "cpc",
    campaign: "spring",
    term: "jazz",
    content: "carousel",
    referrerHost: "l.facebook.com",
    landingPath: "/used",
    clickIds: { gclid: "G1", fbclid: "F1", ttclid: "T1" },
  };

  it("drops each forged field of a cookie and keeps the visit with the others", () => {
    for (const name of ["campaign", "term", "content", "referrerHost"] as const) {
      expect(decodeVisit(forgedCookie({ ...honest, [name]: forged }), start)?.source, name).toEqual({
        ...honest,
        [name]: null,
      });
    }
    for (const name of ["source", "medium"] as const) {
      expect(decodeVisit(forgedCookie({ ...honest, [name]: forged }), start)?.source[name], name).toBe("(not set)");
    }
    expect(decodeVisit(forgedCookie({ ...honest, landingPath: `/used${forged}` }), start)?.source.landingPath).toBe("");
    for (const id of ["gclid", "fbclid", "ttclid"] as const) {
      const clickIds = decodeVisit(forgedCookie({ ...honest, clickIds: { ...honest.clickIds, [id]: forged } }), start)
        ?.source.clickIds;
      expect(clickIds, id).toEqual({ ...honest.clickIds, [id]: undefined });
    }
  });

  it.each([
    ["a line feed", "a\nb"],
    ["a carriage return", "a\rb"],
    ["a tab", "a\tb"],
    ["a line separator", "a\u2028b"],
    ["a right-to-left override", "a\u202Eb"],
    ["a directional isolate", "a\u2066b"],
    ["a NUL", "a\u0000b"],
    ["a lone surrogate", "a\uD800b"],
  ])("drops a campaign with %s", (_, campaign) => {
    expect(decodeVisit(forgedCookie({ ...honest, campaign }), start)?.source.campaign).toBeNull();
  });

  it("keeps a campaign in any script and with emoji", () => {
    for (const campaign of ["Spring sale 2026", "\u0939\u094b\u0902\u0921\u093e", "jazz \u{1F697} week"]) {
      expect(decodeVisit(forgedCookie({ ...honest, campaign }), start)?.source.campaign).toBe(campaign);
    }
  });

  it("drops a campaign parameter that is not one line of plain text from a landing's address", () => {
    const url = landing(
      `/?utm_source=news%0Aletter&utm_medium=e%E2%80%AEmail&utm_campaign=a%0D%0ACell%3A%20082&utm_term=ok`,
    );
    expect(sourceOfLanding(url, null)).toMatchObject({ source: "direct", campaign: null, term: "ok" });
    expect(sourceOfLanding(landing("/?utm_source=news&utm_medium=e%E2%80%AEmail"), null)).toMatchObject({
      source: "news",
      medium: "(not set)",
    });
  });
});
