import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { deleteSellerPhotos } from "../../leads/seller-photo-rows.server.ts";
import { forgetAuditedNotes } from "../../staff/audit.server.ts";
import {
  appointments,
  dealers,
  enquiries,
  leadWorkNotes,
  leadWorkStatus,
  storedImages,
  tradeInPhotos,
  tradeIns,
} from "../../../db/schema.ts";
import type { Executor, FoundRecord, PersonalRecordKind } from "../kinds.ts";
import { cutoffOf } from "../retention.ts";

const LEAD_RECIPIENTS =
  "The dealer it was sent to: its people's e-mail addresses, its CRM's lead address (ADF) and its CRM webhooks, as the dealer set them up";

/**
 * Blanks the person's details on enquiries in place (names, contacts, message, VIN, the keys derived from them, the
 * visit's ad click ids) and the salespeople's notes on them; the rows, dates, dealers, sources and work statuses stay,
 * so /staff/insights and the reports still add up. Answers the ids anonymised now.
 */
async function anonymiseEnquiries(tx: Executor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const done = await tx
    .update(enquiries)
    .set({
      firstName: "",
      lastName: "",
      email: "",
      cellPhone: "",
      message: null,
      vinNo: null,
      idempotencyKey: sql`'erased:' || ${enquiries.id}`,
      dedupeKey: sql`'erased:' || ${enquiries.id}`,
      attribution: sql`case when ${enquiries.attribution} is null then null else jsonb_set(${enquiries.attribution}, '{clickIds}', '{}'::jsonb) end`,
      anonymisedAt: sql`now()`,
    })
    .where(and(inArray(enquiries.id, [...ids]), isNull(enquiries.anonymisedAt)))
    .returning({ id: enquiries.id });
  await tx
    .update(leadWorkNotes)
    .set({ note: null })
    .where(inArray(leadWorkNotes.leadId, [...ids]));
  await forgetAuditedNotes(tx, "enquiry", ids);
  return done.map((row) => row.id);
}

/** "Sales (Test drive): Honda Jazz, from Thandi Mokoena": the name lets staff see they found the right person. */
function leadSummary(row: {
  formName: string;
  leadType: string;
  make: string;
  model: string | null;
  firstName: string;
  lastName: string;
}): string {
  const vehicle = [row.make, row.model].filter(Boolean).join(" ");
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ");
  return `${row.leadType} (${row.formName}): ${vehicle}${name ? `, from ${name}` : ""}`;
}

export const enquiryKind: PersonalRecordKind = {
  id: "enquiry",
  label: "Enquiries (leads)",
  category: "Identity and contact details, vehicle interest, messages",
  collected:
    "Name, e-mail address, cell number, the vehicle asked about, the message written, the page and the visit's source",
  purpose:
    "To answer the enquiry: the dealer contacts the person about the vehicle, part, service or offer asked about",
  recipients: LEAD_RECIPIENTS,
  erasure: "anonymised",
  retention: (settings) => ({ amount: settings.leadMonths, unit: "months", after: "the lead's last activity" }),
  tables: ["enquiries", "lead_work_notes", "lead_work_status"],
  async find({ db, enquiryIds }) {
    if (enquiryIds.length === 0) return [];
    const rows = await db
      .select({
        id: enquiries.id,
        dealerId: enquiries.dealerId,
        dealerName: dealers.dealerName,
        createdAt: enquiries.createdAt,
        formName: enquiries.formName,
        leadType: enquiries.leadType,
        make: enquiries.make,
        model: enquiries.model,
        firstName: enquiries.firstName,
        lastName: enquiries.lastName,
      })
      .from(enquiries)
      .innerJoin(dealers, eq(dealers.id, enquiries.dealerId))
      .where(inArray(enquiries.id, [...enquiryIds]))
      .orderBy(asc(enquiries.createdAt));
    return rows.map((row) => ({
      kind: "enquiry",
      recordId: row.id,
      dealerId: row.dealerId,
      dealerName: row.dealerName,
      date: row.createdAt,
      summary: leadSummary(row),
    }));
  },
  async export({ db }, records) {
    const ids = records.map((record) => record.recordId);
    const rows = await db.select().from(enquiries).where(inArray(enquiries.id, ids)).orderBy(asc(enquiries.createdAt));
    const notes = await db.select().from(leadWorkNotes).where(inArray(leadWorkNotes.leadId, ids));
    const statuses = await db.select().from(leadWorkStatus).where(inArray(leadWorkStatus.leadId, ids));
    const dealerOf = new Map(records.map((record) => [record.recordId, record.dealerName]));
    return rows.map(
      ({ idempotencyKey: _key, dedupeKey: _dedupe, dealerId: _dealer, anonymisedAt: _erased, ...row }) => ({
        ...row,
        dealer: dealerOf.get(row.id) ?? null,
        workStatus: statuses.find((status) => status.leadId === row.id)?.status ?? "New",
        notes: notes
          .filter((note) => note.leadId === row.id)
          .map((note) => ({ at: note.at, status: note.status, note: note.note })),
      }),
    );
  },
  async correct(tx, _context, records, correction) {
    const set: Partial<typeof enquiries.$inferInsert> = {};
    if (correction.firstName !== undefined) set.firstName = correction.firstName;
    if (correction.lastName !== undefined) set.lastName = correction.lastName;
    if (correction.email !== undefined) set.email = correction.email;
    if (correction.phone !== undefined) set.cellPhone = correction.phone;
    if (Object.keys(set).length === 0) return 0;
    const changed = await tx
      .update(enquiries)
      .set(set)
      .where(
        inArray(
          enquiries.id,
          records.map((record) => record.recordId),
        ),
      )
      .returning({ id: enquiries.id });
    return changed.length;
  },
  async erase(tx, _context, records) {
    const done = await anonymiseEnquiries(
      tx,
      records.map((record) => record.recordId),
    );
    return { count: done.length, files: [] };
  },
  async expire(tx, now, settings) {
    const cutoff = cutoffOf(this.retention(settings), now);
    // The last activity: received, its work status or a note changed, its appointment booked or changed.
    const rows = (await tx.execute(sql`
      select e.id from enquiries e
      where e.anonymised_at is null and e.created_at < ${cutoff.toISOString()}::timestamptz
        and not exists (select 1 from lead_work_status w where w.lead_id = e.id and w.updated_at >= ${cutoff.toISOString()}::timestamptz)
        and not exists (select 1 from lead_work_notes n where n.lead_id = e.id and n.at >= ${cutoff.toISOString()}::timestamptz)
        and not exists (select 1 from appointments a where a.enquiry_id = e.id)`)) as unknown as {
      rows: { id: string }[];
    };
    const done = await anonymiseEnquiries(
      tx,
      rows.rows.map((row) => row.id),
    );
    return { count: done.length, files: [] };
  },
};

export const appointmentKind: PersonalRecordKind = {
  id: "appointment",
  label: "Appointments (test drives and services)",
  category: "Contact details and the time booked",
  collected: "The test drive or service booked, its time and dealer, with the enquiry that booked it",
  purpose: "To hold the slot at the dealer, remind both sides and let the person move or cancel it",
  recipients: LEAD_RECIPIENTS,
  erasure: "anonymised",
  retention: (settings) => ({
    amount: settings.appointmentMonths,
    unit: "months",
    after: "the appointment's last change",
  }),
  tables: ["appointments"],
  async find({ db, enquiryIds }) {
    if (enquiryIds.length === 0) return [];
    const rows = await db
      .select({
        id: appointments.id,
        dealerId: appointments.dealerId,
        dealerName: dealers.dealerName,
        kind: appointments.kind,
        startsAt: appointments.startsAt,
        status: appointments.status,
      })
      .from(appointments)
      .innerJoin(dealers, eq(dealers.id, appointments.dealerId))
      .where(inArray(appointments.enquiryId, [...enquiryIds]));
    return rows.map((row) => ({
      kind: "appointment",
      recordId: row.id,
      dealerId: row.dealerId,
      dealerName: row.dealerName,
      date: row.startsAt,
      summary: `${row.kind === "service" ? "Service" : "Test drive"} (${row.status})`,
    }));
  },
  async export({ db }, records) {
    const rows = await db
      .select()
      .from(appointments)
      .where(
        inArray(
          appointments.id,
          records.map((record) => record.recordId),
        ),
      );
    return rows.map(({ dealerId: _dealer, version: _version, ...row }) => row);
  },
  correct: async () => 0,
  /** The booking's person is on its enquiry (anonymised with it); a booking still ahead is cancelled, freeing the slot. */
  async erase(tx, _context, records) {
    await tx
      .update(appointments)
      .set({ status: "cancelled", updatedAt: sql`now()` })
      .where(
        and(
          inArray(
            appointments.id,
            records.map((record) => record.recordId),
          ),
          eq(appointments.status, "booked"),
          sql`${appointments.startsAt} > now()`,
        ),
      );
    return { count: records.length, files: [] };
  },
  async expire(tx, now, settings) {
    const cutoff = cutoffOf(this.retention(settings), now).toISOString();
    const rows = (await tx.execute(sql`
      select e.id from enquiries e join appointments a on a.enquiry_id = e.id
      where e.anonymised_at is null and a.updated_at < ${cutoff}::timestamptz and a.ends_at < ${cutoff}::timestamptz
        and not exists (select 1 from lead_work_status w where w.lead_id = e.id and w.updated_at >= ${cutoff}::timestamptz)`)) as unknown as {
      rows: { id: string }[];
    };
    const done = await anonymiseEnquiries(
      tx,
      rows.rows.map((row) => row.id),
    );
    return { count: done.length, files: [] };
  },
};

async function enquiryDealers(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { dealerId: number; dealerName: string; createdAt: Date }>();
  const rows = await db
    .select({
      id: enquiries.id,
      dealerId: enquiries.dealerId,
      dealerName: dealers.dealerName,
      createdAt: enquiries.createdAt,
    })
    .from(enquiries)
    .innerJoin(dealers, eq(dealers.id, enquiries.dealerId))
    .where(inArray(enquiries.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export const sellYourCarKind: PersonalRecordKind = {
  id: "sell_your_car",
  label: "Sell-your-car submissions",
  category: "Vehicle details of the person's own car",
  collected: "The car offered (make, model, year, mileage, condition, outstanding finance, VIN) with the enquiry",
  purpose: "To make the person an offer for their car, or a trade-in price",
  recipients: LEAD_RECIPIENTS,
  erasure: "anonymised",
  retention: (settings) => ({ amount: settings.leadMonths, unit: "months", after: "the lead's last activity" }),
  tables: ["trade_ins"],
  async find({ db, enquiryIds }) {
    if (enquiryIds.length === 0) return [];
    const rows = await db
      .select({ enquiryId: tradeIns.enquiryId, mileageKm: tradeIns.mileageKm, condition: tradeIns.condition })
      .from(tradeIns)
      .where(inArray(tradeIns.enquiryId, [...enquiryIds]));
    const leads = await enquiryDealers(
      db,
      rows.map((row) => row.enquiryId),
    );
    return rows.flatMap((row): FoundRecord[] => {
      const lead = leads.get(row.enquiryId);
      if (!lead) return [];
      return [
        {
          kind: "sell_your_car",
          recordId: row.enquiryId,
          dealerId: lead.dealerId,
          dealerName: lead.dealerName,
          date: lead.createdAt,
          summary: `Car offered: ${row.mileageKm} km, ${row.condition}`,
        },
      ];
    });
  },
  async export({ db }, records) {
    return db
      .select()
      .from(tradeIns)
      .where(
        inArray(
          tradeIns.enquiryId,
          records.map((record) => record.recordId),
        ),
      );
  },
  correct: async () => 0,
  /** Nothing here names the person once its enquiry is anonymised (the VIN is on the enquiry); the photos are a kind of their own. */
  erase: async (_tx, _context, records) => ({ count: records.length, files: [] }),
  expire: async () => ({ count: 0, files: [] }),
};

/** Deletes these sell-your-car photos, with their private stored images and renditions. */
async function deletePhotos(tx: Executor, rows: readonly { enquiryId: string; position: number }[]): Promise<number> {
  if (rows.length === 0) return 0;
  return deleteSellerPhotos(
    tx,
    sql`(${tradeInPhotos.enquiryId}, ${tradeInPhotos.position}) in (${sql.join(
      rows.map((row) => sql`(${row.enquiryId}::uuid, ${row.position}::smallint)`),
      sql`, `,
    )})`,
  );
}

export const sellYourCarPhotoKind: PersonalRecordKind = {
  id: "sell_your_car_photo",
  label: "Sell-your-car photos",
  category: "Photos of the person's car (they may show number plates, people and places)",
  collected: "Up to 8 photos of the car offered, kept privately with their resized copies",
  purpose: "To let the dealer judge the car before making an offer",
  recipients: "The dealer it was sent to, through links that expire",
  erasure: "deleted",
  retention: (settings) => ({ amount: settings.sellerPhotoDays, unit: "days", after: "they were sent" }),
  tables: ["trade_in_photos", "stored_images", "image_renditions"],
  async find({ db, enquiryIds }) {
    if (enquiryIds.length === 0) return [];
    const rows = await db
      .select({
        enquiryId: tradeInPhotos.enquiryId,
        position: tradeInPhotos.position,
        byteSize: storedImages.byteSize,
        createdAt: storedImages.createdAt,
      })
      .from(tradeInPhotos)
      .innerJoin(storedImages, eq(storedImages.id, tradeInPhotos.imageId))
      .where(inArray(tradeInPhotos.enquiryId, [...enquiryIds]))
      .orderBy(asc(tradeInPhotos.enquiryId), asc(tradeInPhotos.position));
    const leads = await enquiryDealers(
      db,
      rows.map((row) => row.enquiryId),
    );
    return rows.flatMap((row): FoundRecord[] => {
      const lead = leads.get(row.enquiryId);
      if (!lead) return [];
      return [
        {
          kind: "sell_your_car_photo",
          recordId: `${row.enquiryId}/${row.position}`,
          dealerId: lead.dealerId,
          dealerName: lead.dealerName,
          date: lead.createdAt,
          summary: `Photo ${row.position} (${Math.round(row.byteSize / 1024)} KB)`,
        },
      ];
    });
  },
  async export({ db }, records) {
    const keys = records.map(photoKey);
    const rows = await db
      .select({
        enquiryId: tradeInPhotos.enquiryId,
        position: tradeInPhotos.position,
        contentType: storedImages.contentType,
        width: storedImages.width,
        height: storedImages.height,
        byteSize: storedImages.byteSize,
        receivedAt: storedImages.createdAt,
      })
      .from(tradeInPhotos)
      .innerJoin(storedImages, eq(storedImages.id, tradeInPhotos.imageId))
      .where(
        inArray(
          tradeInPhotos.enquiryId,
          keys.map((key) => key.enquiryId),
        ),
      );
    return rows.filter((row) => keys.some((key) => key.enquiryId === row.enquiryId && key.position === row.position));
  },
  correct: async () => 0,
  async erase(tx, _context, records) {
    return { count: await deletePhotos(tx, records.map(photoKey)), files: [] };
  },
  async expire(tx, now, settings) {
    const cutoff = cutoffOf(this.retention(settings), now);
    const rows = await tx
      .select({ enquiryId: tradeInPhotos.enquiryId, position: tradeInPhotos.position })
      .from(tradeInPhotos)
      .innerJoin(enquiries, eq(enquiries.id, tradeInPhotos.enquiryId))
      .where(sql`${enquiries.createdAt} < ${cutoff.toISOString()}::timestamptz`);
    return { count: await deletePhotos(tx, rows), files: [] };
  },
};

function photoKey(record: FoundRecord): { enquiryId: string; position: number } {
  const [enquiryId, position] = record.recordId.split("/");
  return { enquiryId: enquiryId!, position: Number(position) };
}
