import { describe, expect, it } from "vitest";
import { parseSastDateTime, publicationState, toSastDateTime } from "./schedule.ts";

describe("a schedule's date and time, in South African time", () => {
  it("reads a datetime-local value, with or without seconds", () => {
    expect(parseSastDateTime("2026-11-27T16:00")?.toISOString()).toBe("2026-11-27T14:00:00.000Z");
    expect(parseSastDateTime("2026-11-27T16:00:30")?.toISOString()).toBe("2026-11-27T14:00:30.000Z");
    expect(toSastDateTime(parseSastDateTime("2026-11-27T16:00")!)).toBe("2026-11-27T16:00");
  });

  it("refuses a day the calendar does not have, rather than rolling it into the next month", () => {
    expect(parseSastDateTime("2026-02-31T10:00")).toBeNull();
    expect(parseSastDateTime("2026-13-01T10:00")).toBeNull();
    expect(parseSastDateTime("2026-11-27T24:30")).toBeNull();
    expect(parseSastDateTime("2028-02-29T10:00")).not.toBeNull();
  });

  it("refuses years no schedule names (which the database could not even store before year 1)", () => {
    expect(parseSastDateTime("0000-01-01T00:00")).toBeNull();
    expect(parseSastDateTime("0001-01-01T00:00")).toBeNull();
    expect(parseSastDateTime("9999-12-31T23:59")).toBeNull();
    expect(parseSastDateTime("2100-12-31T23:59")).not.toBeNull();
  });
});

describe("where scheduled content stands", () => {
  const schedule = { startsAt: new Date("2026-12-01T10:00:00Z"), endsAt: new Date("2026-12-08T10:00:00Z") };
  const during = new Date("2026-12-04T10:00:00Z");

  it("is a draft whatever its schedule until it is published", () => {
    expect(publicationState({ ...schedule, status: "draft" }, during)).toBe("draft");
  });

  it("is scheduled before its start, live from its start, ended from its end", () => {
    expect(publicationState({ ...schedule, status: "published" }, new Date("2026-12-01T09:59:59Z"))).toBe("scheduled");
    expect(publicationState({ ...schedule, status: "published" }, schedule.startsAt)).toBe("live");
    expect(publicationState({ ...schedule, status: "published" }, schedule.endsAt)).toBe("ended");
  });

  it("has no draft for content without a status (a banner): only its schedule decides", () => {
    expect(publicationState(schedule, during)).toBe("live");
    expect(publicationState({ startsAt: null, endsAt: null }, during)).toBe("live");
  });
});
