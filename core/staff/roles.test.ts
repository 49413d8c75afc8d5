import { describe, expect, it } from "vitest";
import {
  assertMay,
  assertMayUse,
  dealerScope,
  may,
  mayUse,
  scopeIncludes,
  StaffAccessDenied,
  type StaffActor,
  type StaffArea,
} from "./roles.ts";

const admin: StaffActor = { id: 1, label: "admin@example.co.za", role: "group_admin", dealerIds: [] };
const manager: StaffActor = { id: 2, label: "manager@example.co.za", role: "dealer_manager", dealerIds: [7] };
const editor: StaffActor = { id: 3, label: "editor@example.co.za", role: "content_editor", dealerIds: [7] };

const AREAS: StaffArea[] = [
  "stock",
  "leads",
  "finance-applications",
  "deals",
  "banners",
  "blog",
  "dealer-details",
  "dealers",
  "staff-accounts",
  "feed-keys",
  "channels",
  "audit-log",
  "insights",
  "privacy",
  "range-content",
  "range-lineup",
];
const MANAGER_AREAS = new Set<StaffArea>([
  "stock",
  "leads",
  "finance-applications",
  "deals",
  "dealer-details",
  "channels",
  "insights",
  "privacy",
]);
const EDITOR_AREAS = new Set<StaffArea>(["deals", "banners", "blog", "range-content"]);

describe("the role matrix", () => {
  it.each(AREAS)("group administrators may use %s for every dealer and group-wide", (area) => {
    expect([may(admin, area, 7), may(admin, area, 8), may(admin, area, null)]).toEqual([true, true, true]);
  });

  it.each(AREAS)("a dealer manager uses %s only for their own dealers", (area) => {
    const own = MANAGER_AREAS.has(area);
    expect([mayUse(manager, area), may(manager, area, 7), may(manager, area, 8), may(manager, area, null)]).toEqual([
      own,
      own,
      false,
      false,
    ]);
  });

  it.each(AREAS)("a content editor uses %s group-wide or not at all, whatever dealers the account lists", (area) => {
    const own = EDITOR_AREAS.has(area);
    expect([mayUse(editor, area), may(editor, area, 7), may(editor, area, 8), may(editor, area, null)]).toEqual([
      own,
      own,
      own,
      own,
    ]);
  });

  it("every role reads the new range group-wide, whatever dealers the account lists", () => {
    for (const actor of [admin, manager, editor, { ...manager, dealerIds: [] }])
      expect([mayUse(actor, "range"), may(actor, "range", 8), may(actor, "range", null)]).toEqual([true, true, true]);
  });

  it("answers not found for another dealer's record and forbidden for an area the role has no part in", () => {
    expect(() => assertMay(manager, "stock", 8)).toThrow(expect.objectContaining({ kind: "not-found" }));
    expect(() => assertMay(manager, "blog", 7)).toThrow(expect.objectContaining({ kind: "forbidden" }));
    expect(() => assertMay(editor, "stock", 7)).toThrow(StaffAccessDenied);
    expect(() => assertMay(manager, "stock", 7)).not.toThrow();
  });

  it("refuses the use of an area as forbidden exactly when mayUse says no", () => {
    expect(() => assertMayUse(manager, "blog")).toThrow(expect.objectContaining({ kind: "forbidden" }));
    expect(() => assertMayUse({ ...manager, dealerIds: [] }, "stock")).toThrow(
      expect.objectContaining({ kind: "forbidden" }),
    );
    expect(() => assertMayUse(manager, "stock")).not.toThrow();
    expect(() => assertMayUse(editor, "blog")).not.toThrow();
  });

  it("a dealer manager with no dealers assigned sees nothing", () => {
    const unassigned: StaffActor = { ...manager, dealerIds: [] };
    expect(mayUse(unassigned, "stock")).toBe(false);
    expect(dealerScope(unassigned, "stock")).toEqual({ kind: "dealers", dealerIds: [] });
  });

  it("scopes lists: all dealers, the manager's own, or none", () => {
    expect(dealerScope(admin, "leads")).toEqual({ kind: "all" });
    expect(dealerScope(manager, "leads")).toEqual({ kind: "dealers", dealerIds: [7] });
    expect(dealerScope(editor, "leads")).toEqual({ kind: "dealers", dealerIds: [] });
  });

  it("a scope takes in every dealer, the manager's own, or none", () => {
    expect([scopeIncludes(dealerScope(admin, "leads"), 7), scopeIncludes(dealerScope(admin, "leads"), 8)]).toEqual([
      true,
      true,
    ]);
    expect([scopeIncludes(dealerScope(manager, "leads"), 7), scopeIncludes(dealerScope(manager, "leads"), 8)]).toEqual([
      true,
      false,
    ]);
    expect(scopeIncludes(dealerScope(editor, "leads"), 7)).toBe(false);
  });
});
