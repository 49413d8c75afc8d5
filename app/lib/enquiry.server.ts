import { pageUrlOf } from "../framework/data-requests.ts";
import { randomUUID } from "node:crypto";
import { data, type RouterContextProvider, replace } from "react-router";
import { receiptCookie } from "../../core/leads/receipt.server.ts";
import { attributionOfRequest } from "../../core/attribution/visit.ts";
import { findRangeModel } from "../../core/catalogue/ranges.server.ts";
import { dealerDirectoryModel } from "../../core/dealers/dealers.server.ts";
import { submitEnquiry } from "../../core/leads/enquiries.server.ts";
import { BUSY_MESSAGE } from "../../core/shared/write-queue.ts";
import { APPOINTMENT_KIND_OF, dealerTakesLead, FORM_PRESETS, type PresetKey } from "../../core/leads/presets.ts";
import { appointmentStart } from "./appointment.ts";
import { parseEnquiry } from "../../core/leads/enquiry-schema.ts";
import { storeSellerPhotos } from "./seller-photos.server.ts";
import { appointmentChoice } from "./appointment.server.ts";
import { type AppContext, appContext } from "../load-context.ts";
import { type EnquiryActionData, RETRY_MESSAGE } from "./enquiry.ts";
import { readFormBody } from "./form-body.server.ts";
import { resolveDealerScope } from "./scope.server.ts";

export type DealerOption = { slug: string; dealerName: string };

/** What a page fixes about its enquiry (from its route), as opposed to what the visitor types. */
export type FixedFields = Partial<
  Record<"make" | "model" | "variant" | "special_slug" | "vehicle_id" | "dealer_slug" | "towards_vehicle_id", string>
>;

const FORM_ALREADY_SENT_MESSAGE =
  "This form was sent already. To send another enquiry, please reload the page and send it again.";

export type EnquiryFormSetup = {
  preset: PresetKey;
  fixed: FixedFields;
  /** The dealerships to choose from, or null when the dealer is fixed (in the path, or the vehicle's own). */
  dealers: DealerOption[] | null;
  /** The remembered dealer, preselected when it is one of the choices. */
  selectedDealer: string | null;
};

/** Per form render: the idempotency key (a double submission stores one lead) and the render time (bot check). */
export function formToken() {
  return { idempotencyKey: randomUUID(), renderedAt: Date.now() };
}

/**
 * The dealerships a visitor may choose for a form (product.md §5): only wing dealers for a New Honda Wing
 * lead, no wing dealer for a New Vehicles lead; `vehicleType` narrows a test drive the same way.
 */
export async function dealerChoices(
  readModels: AppContext["readModels"],
  preset: PresetKey,
  vehicleType?: "car" | "motorcycle",
): Promise<DealerOption[]> {
  const all = (await readModels.read(dealerDirectoryModel)).dealers;
  return all
    .filter((dealer) => dealerTakesLead(preset, dealer.is_wing))
    .filter((dealer) => !vehicleType || (vehicleType === "motorcycle") === dealer.is_wing)
    .map(({ slug, dealerName }) => ({ slug, dealerName }));
}

const TYPED_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "cell_phone",
  "make",
  "model",
  "year",
  "partNo",
  "vinNo",
  "message",
  "dealer_slug",
  "contact",
  "terms",
  "appointment_date",
  "appointment_time",
  "mileage_km",
  "condition",
  "outstanding_finance",
  "trade_in",
  // The form render's token is kept across a re-render with messages (no JavaScript), so that the time a
  // person spent fixing the form counts from the first render and a quick fix is never taken for a bot.
  "idempotency_key",
  "rendered_at",
];

/** The form's fields as read from its body: each a string or, when it was not sent, undefined. */
type FormText = (name: string) => string | undefined;

/**
 * The action of every enquiry page: the form's fields plus what the route fixes, validated and stored by
 * the leads service; a redirect to the current path plus /thank-you (replacing history) on success, 422
 * with the violations otherwise, and a retry message if anything else goes wrong.
 */
export async function enquiryAction(request: Request, context: AppContext, setup: EnquiryFormSetup) {
  const pathname = pageUrlOf(request).pathname.replace(/\/+$/, "");
  const body = await readFormBody(request);
  if (!body.ok) return data<EnquiryActionData>({ formError: body.message, values: {} }, { status: body.status });
  const form = body.form;
  let values: Record<string, string> = {};
  try {
    const text: FormText = (name) => {
      const value = form.get(name);
      return typeof value === "string" ? value : undefined;
    };
    values = Object.fromEntries(TYPED_FIELDS.map((name) => [name, text(name) ?? ""]));
    const appointmentKind = APPOINTMENT_KIND_OF[setup.preset];
    const dealerSlug = setup.fixed.dealer_slug ?? text("dealer_slug");
    const timesFor = async () =>
      appointmentKind
        ? appointmentChoice(context.db, appointmentKind, dealerSlug, text("appointment_date"))
        : undefined;
    if (appointmentKind && text("intent") === "show-times") {
      // No JavaScript: the visitor asked for the times of another dealership or date; nothing is stored.
      return data<EnquiryActionData>({ values, appointment: await timesFor() });
    }
    const raw = enquiryFields(form, text, setup, pathname);
    const attribution = attributionOfRequest(request.headers.get("Cookie"));
    const outcome = await storeEnquiry(context, form, text, setup, raw, attribution);
    if (outcome.kind !== "stored" && outcome.kind !== "held")
      return refusedEnquiry(context, outcome, { values, pathname, timesFor });
    logStoredEnquiry(context, outcome, raw.form_name, pathname, attribution);
    return replace(`${pathname}/thank-you`, {
      status: 303,
      headers: receiptHeaders(request, context, pathname, outcome.id),
    });
  } catch (error) {
    context.logger.error({ err: error, uri: pathname }, "An error occurred");
    return data<EnquiryActionData>({ formError: RETRY_MESSAGE, values }, { status: 503 });
  }
}

/** The lead as the leads service takes it: what the visitor typed, with what the route fixes taking precedence. */
function enquiryFields(form: FormData, text: FormText, setup: EnquiryFormSetup, pathname: string) {
  const fixed = setup.fixed;
  const appointmentKind = APPOINTMENT_KIND_OF[setup.preset];
  return {
    form_name: FORM_PRESETS[setup.preset].formName,
    lead_type: FORM_PRESETS[setup.preset].leadType,
    first_name: text("first_name"),
    last_name: text("last_name"),
    email: text("email"),
    cell_phone: text("cell_phone"),
    make: fixed.make ?? text("make"),
    model: fixed.model ?? text("model"),
    variant: fixed.variant,
    year: text("year"),
    partNo: text("partNo"),
    vinNo: text("vinNo"),
    message: text("message"),
    contact: form.get("contact") === "on",
    terms: form.get("terms") === "on",
    dealer_slug: fixed.dealer_slug ?? text("dealer_slug"),
    special_slug: fixed.special_slug,
    vehicle_id: fixed.vehicle_id,
    appointment_start: appointmentKind
      ? appointmentStart(text("appointment_date"), text("appointment_time"))
      : undefined,
    ...(setup.preset === "sellCar"
      ? {
          mileage_km: text("mileage_km")?.replace(/[\s,]/g, ""),
          condition: text("condition"),
          outstanding_finance: text("outstanding_finance"),
          trade_in: text("trade_in"),
          towards_vehicle_id: fixed.towards_vehicle_id,
        }
      : {}),
    uri: pathname,
    idempotency_key: text("idempotency_key"),
  };
}

type EnquiryFields = ReturnType<typeof enquiryFields>;
type Attribution = ReturnType<typeof attributionOfRequest>;

/** The photos and the lead in one turn of the bounded write queue: a full queue refuses before either is stored. */
function storeEnquiry(
  context: AppContext,
  form: FormData,
  text: FormText,
  setup: EnquiryFormSetup,
  raw: EnquiryFields,
  attribution: Attribution,
) {
  return context.writeQueue.attempt(async () => {
    let photoImageIds: string[] = [];
    if (setup.preset === "sellCar") {
      // The text is checked first, so that a form with mistakes costs no photo processing.
      const precheck = parseEnquiry(raw);
      const photos = await storeSellerPhotos(context.db, form, precheck.ok);
      const violations = [...(precheck.ok ? [] : precheck.violations), ...(photos.ok ? [] : [photos.violation])];
      if (violations.length > 0) return { kind: "invalid" as const, violations };
      photoImageIds = photos.ok ? photos.imageIds : [];
    }
    return submitEnquiry(context.db, raw, {
      photoImageIds,
      webForm: { website: text("website"), renderedAt: text("rendered_at") },
      minFillMs: context.formMinFillMs,
      requireAppointment: APPOINTMENT_KIND_OF[setup.preset] !== undefined,
      attribution,
      onHeld: (details) => context.logger.warn({ ...details, channel: "page" }, "enquiry held as automated"),
    });
  });
}

type EnquiryOutcome = Awaited<ReturnType<typeof storeEnquiry>>;
type AcceptedOutcome = Extract<EnquiryOutcome, { kind: "stored" | "held" }>;

/** The form again with why nothing was stored: the queue busy, a mistake, the slot taken, the form sent already. */
async function refusedEnquiry(
  context: AppContext,
  outcome: Exclude<EnquiryOutcome, AcceptedOutcome>,
  form: { values: Record<string, string>; pathname: string; timesFor: () => Promise<EnquiryActionData["appointment"]> },
) {
  const { values } = form;
  if (outcome.kind === "busy") {
    context.logger.warn({ uri: form.pathname }, "enquiry refused: the write queue is full");
    const headers = { "Retry-After": String(outcome.retryAfterSeconds) };
    return data<EnquiryActionData>({ formError: BUSY_MESSAGE, values }, { status: 503, headers });
  }
  if (outcome.kind === "slot-taken") {
    const violations = [{ propertyPath: "appointment_start", message: outcome.message }];
    const appointment = await form.timesFor();
    return data<EnquiryActionData>({ violations, values, appointment }, { status: 409 });
  }
  if (outcome.kind === "key-reused") {
    // This page's form was sent already, and has since been changed (a Back after the thank-you): a new render has a new key.
    const appointment = await form.timesFor();
    return data<EnquiryActionData>({ formError: FORM_ALREADY_SENT_MESSAGE, values, appointment }, { status: 409 });
  }
  const violations = outcome.violations;
  const appointment = await form.timesFor();
  return data<EnquiryActionData>({ violations, values, appointment }, { status: 422 });
}

function logStoredEnquiry(
  context: AppContext,
  outcome: AcceptedOutcome,
  formName: string,
  pathname: string,
  attribution: Attribution,
): void {
  if (outcome.kind === "stored") {
    context.logger.info(
      { leadId: outcome.id, created: outcome.created, form: formName, uri: pathname },
      "enquiry stored",
    );
    if (outcome.created) context.countLead?.({ leadType: outcome.leadType, attribution });
  }
  if (outcome.kind === "held") {
    // The visitor sees the thank-you page as for any lead: staff release a person's enquiry from the held view.
    context.logger.info({ leadId: outcome.id, created: outcome.created, uri: pathname }, "enquiry held");
  }
}

/**
 * The receipt cookie that lets the thank-you page show this buyer their lead's reference and dealer
 * (core/leads/receipt.server.ts); none for a path a cookie cannot be limited to as it is.
 */
function receiptHeaders(request: Request, context: AppContext, formPath: string, leadId: string): Headers {
  const headers = new Headers();
  if (!/^[\w/.~%-]+$/.test(formPath)) return headers;
  const secure = pageUrlOf(request).protocol === "https:";
  headers.append("Set-Cookie", receiptCookie(context.linkSigner, leadId, formPath, { now: new Date(), secure }));
  return headers;
}

export type NewVehicleType = "car" | "motorcycle";

type NewVehicleEnquiryArgs = {
  context: Readonly<RouterContextProvider>;
  request: Request;
  /** The matched route's path pattern: one route module serves the new-car and the Honda Wing enquire paths. */
  pattern: string;
  params: { make: string; model: string; variant: string; dealerName?: string };
};

/** A Honda Wing motorcycle's enquire path (/honda-wing/{make}/{model}/{variant}/enquire) or a new car's. */
export function newVehicleTypeOf(pattern: string): NewVehicleType {
  return /(^|\/)honda-wing\//.test(pattern) ? "motorcycle" : "car";
}

/**
 * The new car or motorcycle and variant of an enquire path, and who may receive the lead: a New Vehicles
 * lead never goes to a Honda Wing dealer, a New Honda Wing lead only to one. Unknown ones are a 404.
 */
async function newVehicleEnquirySetup(args: NewVehicleEnquiryArgs) {
  const { request, pattern, params } = args;
  const context = args.context.get(appContext);
  const type = newVehicleTypeOf(pattern);
  const preset: PresetKey = type === "car" ? "new" : "wing";
  const scope = await resolveDealerScope(context.readModels, request, params);
  const model = await findRangeModel(context.readModels, params.make, params.model, type);
  const variant = model?.variants.find((v) => v.variant_slug === params.variant);
  const wrongDealer = scope.inRoute && scope.dealer?.is_wing !== (type === "motorcycle");
  if (!model || !variant || wrongDealer) throw data(null, { status: 404 });
  const dealerInPath = scope.inRoute ? scope.dealer : null;
  const setup: EnquiryFormSetup = {
    preset,
    fixed: {
      make: model.make,
      model: model.model,
      variant: variant.variant,
      ...(dealerInPath ? { dealer_slug: dealerInPath.slug } : {}),
    },
    dealers: dealerInPath ? null : await dealerChoices(context.readModels, preset),
    selectedDealer: scope.dealer?.slug ?? null,
  };
  return { type, setup, model, variant, dealerInPath };
}

/** Loader data of the new-car and new-motorcycle enquire pages. */
export async function newVehicleEnquiryPage(args: NewVehicleEnquiryArgs) {
  const { type, setup, model, variant, dealerInPath } = await newVehicleEnquirySetup(args);
  return {
    type,
    dealers: setup.dealers,
    selectedDealer: setup.selectedDealer,
    token: formToken(),
    dealerName: dealerInPath?.dealerName ?? null,
    vehicle: {
      make: model.make,
      model: model.model,
      variant: variant.variant,
      price: variant.modelPrice,
      image: variant.color[0]?.image ?? model.mainImage,
    },
  };
}

/** Action of the new-car and new-motorcycle enquire pages. */
export async function newVehicleEnquiryAction(args: NewVehicleEnquiryArgs) {
  const { setup } = await newVehicleEnquirySetup(args);
  return enquiryAction(args.request, args.context.get(appContext), setup);
}
