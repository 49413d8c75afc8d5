import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, dealerLeadChannels, dealers } from "../../db/schema.ts";
import { createStaffUser } from "../../tests/support/staff.ts";
import { cloneTemplate } from "../../tests/support/template-db.ts";
import { weeklyHours } from "../appointments/calendar.ts";
import { ReadModels } from "../shared/read-model.server.ts";
import { StaffAccessDenied, type StaffActor } from "../staff/roles.ts";
import { linesFromWeek, weekFromLines } from "./business-hours.ts";
import { createDealer, getStaffDealer, listStaffDealers, updateDealer } from "./dealer-admin.server.ts";
import { dealerDirectoryModel, dealerNamed, renamedDealerSlug } from "./dealers.server.ts";

let database: DatabaseHandle;
let admin: StaffActor;
let editor: StaffActor;
let sandtonManager: StaffActor;
let readModels: ReadModels;

beforeAll(async () => {
  database = await cloneTemplate(inject("databaseTemplate"));
  readModels = new ReadModels(database.db);
  admin = (await createStaffUser(database.db, { email: "admin@dealers.example", role: "group_admin" })).actor;
  editor = (await createStaffUser(database.db, { email: "editor@dealers.example", role: "content_editor" })).actor;
  sandtonManager = (
    await createStaffUser(database.db, {
      email: "sandton@dealers.example",
      role: "dealer_manager",
      dealerSlugs: ["honda-sandton"],
    })
  ).actor;
});
afterAll(() => database.close());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof StaffAccessDenied ? error.kind : error),
  );
const formOf = async (by: StaffActor, slug: string) => (await getStaffDealer(database.db, by, slug)).values;
const publicDealer = async (slug: string) => dealerNamed(await readModels.read(dealerDirectoryModel), slug);
const auditOf = (dealerId: number) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "dealer"), eq(auditLog.entityId, String(dealerId))))
    .orderBy(desc(auditLog.id));

describe("business hours", () => {
  it("reads the stored lines into a week and writes the same lines back, Kimberley's included", () => {
    const standard = [
      { days: "Monday to Friday", opens: "07:30", closes: "17:30" },
      { days: "Saturday and public holidays", opens: "08:00", closes: "13:00" },
      { days: "Sunday", opens: null, closes: null },
    ];
    expect(linesFromWeek(weekFromLines(standard))).toEqual(standard);
    const kimberley = [
      { days: "Monday to Friday", opens: "07:15", closes: "17:15" },
      { days: "Saturday, Sunday and public holidays", opens: null, closes: null },
    ];
    expect(linesFromWeek(weekFromLines(kimberley))).toEqual(kimberley);
    const week = weekFromLines(standard);
    const holidaysApart = linesFromWeek({ ...week, holiday: { opens: "09:00", closes: "12:00" } });
    expect(holidaysApart.at(-1)).toEqual({ days: "Public holidays", opens: "09:00", closes: "12:00" });
    // The appointment calendar reads them as before.
    expect(weeklyHours(holidaysApart).holiday).toEqual({ opens: 540, closes: 720 });
    expect(weeklyHours(holidaysApart).days[6]).toEqual({ opens: 480, closes: 780 });
  });
});

describe("editing a dealer", () => {
  it("lets the dealer's manager change its Saturday hours and phone; the public dealer shows them, and the change is audited", async () => {
    const values = await formOf(sandtonManager, "honda-sandton");
    const result = await updateDealer(database.db, sandtonManager, "honda-sandton", {
      ...values,
      opens_saturday: "08:30",
      closes_saturday: "12:30",
      contactNo: "011 555 0199",
    });
    expect(result).toEqual({ ok: true, slug: "honda-sandton" });
    const shown = await publicDealer("honda-sandton");
    expect(shown?.dealer_contact_no).toBe("011 555 0199");
    expect(shown?.business_hours).toContainEqual({ days: "Saturday", opens: "08:30", closes: "12:30" });
    expect(shown?.business_hours).toContainEqual({ days: "Public holidays", opens: "08:00", closes: "13:00" });
    const [entry] = await auditOf((await getStaffDealer(database.db, admin, "honda-sandton")).id);
    expect(entry).toMatchObject({ action: "dealer.update", actorLabel: "sandton@dealers.example" });
    expect(Object.keys(entry!.changes as object).sort()).toEqual(["businessHours", "contactNo"]);
  });

  it("does not let a dealer manager change the name, slug or lead channels, even when the form sends them", async () => {
    const values = await formOf(sandtonManager, "honda-sandton");
    // Nor see where the dealer's leads go: the page data carries no lead e-mails or webhook address for them.
    expect(values).toMatchObject({ crmEmails: "", enquiryEmails: "", financeEmails: "", webhookUrl: "" });
    expect((await getStaffDealer(database.db, sandtonManager, "honda-sandton")).hasWebhookSecret).toBe(false);
    expect(
      await updateDealer(database.db, sandtonManager, "honda-sandton", {
        ...values,
        dealerName: "Renamed",
        slug: "renamed",
        enquiryEmails: "x@example.com",
        crmEmails: "",
      }),
    ).toMatchObject({ ok: true });
    expect((await publicDealer("honda-sandton"))?.dealerName).toBe("Honda Sandton");
  });

  it("answers not found to a manager of another dealer, and forbidden to a content editor", async () => {
    expect(await refusal(getStaffDealer(database.db, sandtonManager, "honda-menlyn"))).toBe("not-found");
    expect(await refusal(updateDealer(database.db, sandtonManager, "honda-menlyn", {}))).toBe("not-found");
    expect(await refusal(createDealer(database.db, sandtonManager, {}))).toBe("forbidden");
    expect(await refusal(getStaffDealer(database.db, editor, "honda-sandton"))).toBe("forbidden");
    expect(await refusal(listStaffDealers(database.db, editor))).toBe("forbidden");
    expect((await listStaffDealers(database.db, sandtonManager)).map((d) => d.slug)).toEqual(["honda-sandton"]);
  });
});

describe("a dealer's form with bad input", () => {
  it("answers bad input with each field at fault and changes nothing", async () => {
    const values = await formOf(admin, "honda-menlyn");
    const result = await updateDealer(database.db, admin, "honda-menlyn", {
      ...values,
      contactNo: "call us",
      postalCode: "12",
      province: "Atlantis",
      dpEmail: "not-an-address",
      opens_saturday: "25:00",
      closes_monday: "06:00",
      enquiryEmails: "leads@menlyn.example.co.za\nnobody",
      webhookUrl: "http://crm.example.com/hook",
      slug: "Bad Slug",
    });
    expect(result.ok).toBe(false);
    const fields = result.ok ? [] : [...new Set(result.violations.map((v) => v.propertyPath))].sort();
    expect(fields).toEqual([
      "closes_monday",
      "contactNo",
      "dpEmail",
      "enquiryEmails",
      "opens_saturday",
      "postalCode",
      "province",
      "slug",
      "webhookUrl",
    ]);
    expect(await formOf(admin, "honda-menlyn")).toEqual(values);
    const groupSlug = await updateDealer(database.db, admin, "honda-menlyn", { ...values, slug: "head-office" });
    expect(groupSlug.ok ? [] : groupSlug.violations.map((v) => v.propertyPath)).toEqual(["slug"]);
  });
});

describe("where a dealer's leads go", () => {
  it("shows the seeded CRM lead address apart from people's addresses, each with its own format", async () => {
    const values = await formOf(admin, "honda-menlyn");
    expect(values).toMatchObject({
      crmEmails: "crm@honda-menlyn.example.co.za",
      enquiryEmails: "leads@honda-menlyn.example.co.za",
      financeEmails: "finance@honda-menlyn.example.co.za",
    });
  });

  it("sets CRM lead addresses, people's e-mails per lead type and a CRM webhook whose secret is never shown back nor audited", async () => {
    const values = await formOf(admin, "honda-menlyn");
    const secret = "s3cret-webhook-signing-key-0001";
    const result = await updateDealer(database.db, admin, "honda-menlyn", {
      ...values,
      crmEmails: "crm@honda-menlyn.example.co.za\nleads@dms.example.com",
      enquiryEmails: "sales@menlyn.example.co.za",
      financeEmails: "finance@menlyn.example.co.za",
      webhookUrl: "https://crm.example.com/leads",
      webhookSecret: secret,
    });
    expect(result).toEqual({ ok: true, slug: "honda-menlyn" });
    const form = await getStaffDealer(database.db, admin, "honda-menlyn");
    expect(form.values.webhookSecret).toBe("");
    expect(form.hasWebhookSecret).toBe(true);
    expect(JSON.stringify(form)).not.toContain(secret);
    const channels = await database.db
      .select()
      .from(dealerLeadChannels)
      .where(eq(dealerLeadChannels.dealerId, form.id));
    expect(channels.map((c) => [c.kind, c.target, c.leadKind, c.format]).sort()).toEqual([
      ["email", "crm@honda-menlyn.example.co.za", "all", "adf"],
      ["email", "finance@menlyn.example.co.za", "finance", "readable"],
      ["email", "leads@dms.example.com", "all", "adf"],
      ["email", "sales@menlyn.example.co.za", "enquiry", "readable"],
      // The form offers ADF XML first: a new webhook sends what CRMs import unless JSON is chosen.
      ["webhook", "https://crm.example.com/leads", "enquiry", "adf"],
    ]);
    expect(channels.find((c) => c.kind === "webhook")?.secret).toBe(secret);
    const [entry] = await auditOf(form.id);
    expect(JSON.stringify(entry)).not.toContain(secret);
    expect(entry!.changes).toMatchObject({
      secret: { from: "(secret)", to: "(secret changed)" },
      webhookUrl: { from: null, to: "https://crm.example.com/leads" },
    });
    // Saved again with the secret left blank: the stored secret stays.
    expect(
      await updateDealer(database.db, admin, "honda-menlyn", { ...form.values, dpName: "Someone Else" }),
    ).toMatchObject({ ok: true });
    expect(
      (await database.db.select().from(dealerLeadChannels).where(eq(dealerLeadChannels.kind, "webhook"))).map(
        (c) => c.secret,
      ),
    ).toContain(secret);
    // The webhook is switched to JSON; the form shows it, the audit records it, the secret stays.
    const again = await getStaffDealer(database.db, admin, "honda-menlyn");
    expect(again.values.webhookFormat).toBe("adf");
    expect(
      await updateDealer(database.db, admin, "honda-menlyn", { ...again.values, webhookFormat: "json" }),
    ).toMatchObject({ ok: true });
    const [webhook] = await database.db
      .select()
      .from(dealerLeadChannels)
      .where(and(eq(dealerLeadChannels.dealerId, form.id), eq(dealerLeadChannels.kind, "webhook")));
    expect([webhook!.format, webhook!.secret]).toEqual(["json", secret]);
    expect((await getStaffDealer(database.db, admin, "honda-menlyn")).values.webhookFormat).toBe("json");
    expect((await auditOf(form.id))[0]!.changes).toMatchObject({ webhookFormat: { from: "adf", to: "json" } });
    const wrong = await updateDealer(database.db, admin, "honda-menlyn", { ...again.values, webhookFormat: "soap" });
    expect(wrong).toMatchObject({ ok: false, violations: [{ propertyPath: "webhookFormat" }] });
  });
});

describe("lead channels a dealer may not have", () => {
  it("refuses to leave a dealer without a CRM lead address, or to make one address both a CRM's and people's", async () => {
    const values = await formOf(admin, "honda-kimberley");
    const none = await updateDealer(database.db, admin, "honda-kimberley", { ...values, crmEmails: " " });
    expect(none).toMatchObject({
      ok: false,
      violations: [{ propertyPath: "crmEmails", message: expect.stringMatching(/at least one is required/) }],
    });
    const both = await updateDealer(database.db, admin, "honda-kimberley", {
      ...values,
      crmEmails: "crm@honda-kimberley.example.co.za",
      enquiryEmails: "crm@honda-kimberley.example.co.za",
    });
    expect(both).toMatchObject({
      ok: false,
      violations: [
        { propertyPath: "crmEmails", message: expect.stringMatching(/both a CRM lead address and a people's address/) },
      ],
    });
    expect(await formOf(admin, "honda-kimberley")).toEqual(values);
    const created = await createDealer(database.db, admin, {
      ...values,
      dealerName: "Honda Upington",
      slug: "honda-upington",
      crmEmails: "",
    });
    expect(created).toMatchObject({ ok: false, violations: [{ propertyPath: "crmEmails" }] });
  });

  it("refuses a new webhook without a secret", async () => {
    const values = await formOf(admin, "honda-kimberley");
    const result = await updateDealer(database.db, admin, "honda-kimberley", {
      ...values,
      webhookUrl: "https://crm.example.com/k",
    });
    expect(result).toMatchObject({ ok: false, violations: [{ propertyPath: "webhookSecret" }] });
  });
});

describe("renaming and creating dealers", () => {
  it("keeps a renamed dealer's former slug, which points to the new one; another dealer cannot take it", async () => {
    const values = await formOf(admin, "honda-polokwane");
    expect(
      await updateDealer(database.db, admin, "honda-polokwane", {
        ...values,
        slug: "honda-polokwane-central",
        dealerName: "Honda Polokwane Central",
      }),
    ).toEqual({
      ok: true,
      slug: "honda-polokwane-central",
    });
    const directory = await readModels.read(dealerDirectoryModel);
    expect(dealerNamed(directory, "honda-polokwane")).toBeNull();
    expect(renamedDealerSlug(directory, "honda-polokwane")).toBe("honda-polokwane-central");
    const other = await formOf(admin, "honda-mbombela");
    expect(
      await updateDealer(database.db, admin, "honda-mbombela", { ...other, slug: "honda-polokwane" }),
    ).toMatchObject({ ok: false, violations: [{ propertyPath: "slug" }] });
    expect(await updateDealer(database.db, admin, "honda-mbombela", { ...other, slug: "honda-sandton" })).toMatchObject(
      { ok: false, violations: [{ propertyPath: "slug" }] },
    );
    // Renamed again: both former slugs lead to the newest.
    const renamed = await formOf(admin, "honda-polokwane-central");
    await updateDealer(database.db, admin, "honda-polokwane-central", { ...renamed, slug: "honda-limpopo" });
    const after = await readModels.read(dealerDirectoryModel);
    expect([renamedDealerSlug(after, "honda-polokwane"), renamedDealerSlug(after, "honda-polokwane-central")]).toEqual([
      "honda-limpopo",
      "honda-limpopo",
    ]);
  });

  it("lets a group administrator create a dealer, audited", async () => {
    const values = await formOf(admin, "honda-sandton");
    const result = await createDealer(database.db, admin, {
      ...values,
      dealerName: "Honda Rustenburg",
      slug: "honda-rustenburg",
      city: "Rustenburg",
      province: "North West",
      webhookUrl: "",
      crmEmails: "crm@rustenburg.example.co.za",
      enquiryEmails: "leads@rustenburg.example.co.za",
      financeEmails: "",
    });
    expect(result).toEqual({ ok: true, slug: "honda-rustenburg" });
    const [created] = await database.db
      .select({ id: dealers.id })
      .from(dealers)
      .where(eq(dealers.slug, "honda-rustenburg"));
    const channels = await database.db
      .select()
      .from(dealerLeadChannels)
      .where(eq(dealerLeadChannels.dealerId, created!.id));
    expect(channels.map((c) => [c.target, c.leadKind, c.format]).sort()).toEqual([
      ["crm@rustenburg.example.co.za", "all", "adf"],
      ["leads@rustenburg.example.co.za", "enquiry", "readable"],
    ]);
    const shown = await publicDealer("honda-rustenburg");
    expect(shown).toMatchObject({
      dealerName: "Honda Rustenburg",
      province: "North West",
      address: `${values.street}, Rustenburg, ${values.postalCode}`,
    });
    const [row] = await database.db.select().from(dealers).where(eq(dealers.slug, "honda-rustenburg"));
    expect((await auditOf(row!.id))[0]).toMatchObject({ action: "dealer.create", actorLabel: "admin@dealers.example" });
  });
});
