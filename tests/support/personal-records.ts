import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { subscribe } from "../../core/alerts/saved-searches.server.ts";
import type { LinkSigner } from "../../core/appointments/links.server.ts";
import { createMailer } from "../../core/delivery/email.server.ts";
import { LeadDeliveryWorker } from "../../core/delivery/worker.server.ts";
import { submitFinanceApplication } from "../../core/finance/applications.server.ts";
import type { FinanceCipher } from "../../core/finance/encryption.server.ts";
import { submitEnquiry } from "../../core/leads/enquiries.server.ts";
import { FORM_PRESETS } from "../../core/leads/presets.ts";
import { storeImage } from "../../core/media/image-pipeline.server.ts";
import type { Database } from "../../db/client.ts";
import { createLogger } from "../../server/logger.ts";
import { VALID_ID_NUMBER, validFinanceApplication } from "./finance-fixture.ts";

const SITE = "https://www.honda-group.example";
const PHOTOS = path.resolve(import.meta.dirname, "../fixtures/photos");
/** Friday 27 November 2026, noon in South Africa: Saturday 28th from 09:30 is bookable at the dealer. */
const BOOKING_NOW = new Date("2026-11-27T12:00:00+02:00").getTime();

export type RecordsEnv = { db: Database; cipher: FinanceCipher; signer: LinkSigner; outboxDir: string };

/** One invented person, different in each test, with every spelling of their details the tests search by. */
export function person(tag: string, cell: string, idNumber = VALID_ID_NUMBER) {
  return {
    firstName: "Naledi",
    lastName: `Mokoena${tag}`,
    email: `naledi.${tag}@example.co.za`,
    cell,
    idNumber,
  };
}
export type Person = ReturnType<typeof person>;

/** Everything a person can leave with the group: an enquiry, a test drive, a car to sell with photos, a finance application, an alert; each delivered by e-mail and webhook. */
let bookings = 0;
export async function leaveRecords(
  { db, cipher, signer, outboxDir }: RecordsEnv,
  someone: Person,
  dealerSlug = "honda-menlyn",
): Promise<{ enquiry: string; booking: string; sale: string; finance: string; photo: string }> {
  const mailer = () => createMailer({ outboxDir, from: "leads@honda-group.example" });
  const slot = new Date(Date.parse("2026-11-28T09:30:00+02:00") + 30 * 60_000 * bookings++);
  const contact = {
    first_name: someone.firstName,
    last_name: someone.lastName,
    email: someone.email,
    cell_phone: someone.cell,
    terms: true,
    dealer_slug: dealerSlug,
  };
  // First: each address may be sent only a few confirmations an hour, and the leads send theirs too.
  const alert = await subscribe(db, mailer(), SITE, {
    email: someone.email,
    query: "make_slug=honda",
    label: "Used Honda",
    dealerId: null,
  });
  const enquiry = await submitEnquiry(db, {
    ...contact,
    form_name: FORM_PRESETS.new.formName,
    uri: "/new/honda/cr-v",
    make: "Honda",
    model: "CR-V",
    message: `Please call ${someone.firstName} after five`,
  });
  const booking = await submitEnquiry(
    db,
    {
      ...contact,
      form_name: FORM_PRESETS.testDrive.formName,
      uri: "/book-test-drive/honda/hr-v",
      make: "Honda",
      model: "HR-V",
      year: 2019,
      appointment_start: slot.toISOString(),
    },
    { now: () => BOOKING_NOW, requireAppointment: true },
  );
  const photos = await Promise.all(
    ["trade-in-side.png", "trade-in-sideways-gps.jpg"].map(async (name) =>
      storeImage(db, await fs.readFile(path.join(PHOTOS, name)), { private: true }),
    ),
  );
  const sale = await submitEnquiry(
    db,
    {
      ...contact,
      form_name: FORM_PRESETS.sellCar.formName,
      uri: "/sell-your-car",
      make: "Toyota",
      model: "Corolla Quest",
      year: 2018,
      mileage_km: 112_000,
      condition: "fair",
      outstanding_finance: true,
      trade_in: false,
      vinNo: "AHTBB3JE900012345",
    },
    { photoImageIds: photos.map((photo) => photo.id) },
  );
  const finance = await submitFinanceApplication(
    db,
    cipher,
    validFinanceApplication({
      dealership: dealerSlug,
      firstName: someone.firstName,
      surname: someone.lastName,
      email: someone.email,
      phone: someone.cell,
      idNumber: someone.idNumber,
    }),
  );
  for (const outcome of [enquiry, booking, sale])
    if (outcome.kind !== "stored") throw new Error(JSON.stringify(outcome));
  if (!finance.ok || alert.status !== "sent") throw new Error(JSON.stringify({ finance, alert }));
  const worker = new LeadDeliveryWorker({
    db,
    logger: createLogger("silent"),
    mailer: mailer(),
    siteUrl: SITE,
    financeCipher: cipher,
    linkSigner: signer,
  });
  while ((await worker.runOnce()) > 0);
  return {
    enquiry: (enquiry as { id: string }).id,
    booking: (booking as { id: string }).id,
    sale: (sale as { id: string }).id,
    finance: finance.status.id,
    photo: photos[0]!.id,
  };
}

/** Every row of every table of the database as text, to look for what must not be there. */
export async function wholeDatabaseText(db: Database): Promise<string> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const texts: string[] = [];
  for (const { table_name } of tables.rows) {
    const result = (await db.execute(
      sql`select coalesce(string_agg(t::text, '|'), '') as text from ${sql.identifier(table_name)} t`,
    )) as unknown as { rows: { text: string }[] };
    texts.push(result.rows[0]!.text);
  }
  return texts.join("\n").toLowerCase();
}
