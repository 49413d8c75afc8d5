import { data, isRouteErrorResponse } from "react-router";
import type { Violation } from "../../core/shared/violations.ts";
import type { AppointmentChoice } from "./appointment.ts";

/** What an enquiry route's action answers when it does not redirect. */
export type EnquiryActionData = {
  violations?: Violation[];
  /** The visitor's input, to put back in the form when the page re-renders without JavaScript. */
  values?: Record<string, string>;
  /** Anything but a validation failure: a short, honest retry message. */
  formError?: string;
  /** Test drives and services: the times for the dealership and date posted (re-rendered by the server). */
  appointment?: AppointmentChoice;
};

export const RETRY_MESSAGE =
  "Sorry, we could not send your enquiry just now. Nothing was lost on your side: please try again in a minute, or phone the dealership.";

/** The fields a form shows, by the propertyPath the server names (make is reported as manufacturer). */
export const FIELD_FOR_PATH: Record<string, string> = {
  first_name: "first_name",
  last_name: "last_name",
  email: "email",
  cell_phone: "cell_phone",
  manufacturer: "make",
  model: "model",
  year: "year",
  partNo: "partNo",
  vinNo: "vinNo",
  dealer_slug: "dealer_slug",
  appointment_start: "appointment_time",
  mileage_km: "mileage_km",
  condition: "condition",
  outstanding_finance: "outstanding_finance",
  trade_in: "trade_in",
  towards_vehicle_id: "trade_in",
  photos: "photos",
  message: "message",
  contact: "contact",
  terms: "terms",
};

export const PATH_FOR_FIELD: Record<string, string> = Object.fromEntries(
  Object.entries(FIELD_FOR_PATH).map(([path, field]) => [field, path]),
);

/**
 * The client side of every enquiry action: redirects and not-found pass through; any other failure (the
 * network, a 429 or 413 page from the server) is logged as 'An error occurred' and shown as a retry message.
 */
export async function submitOrExplain(serverAction: () => Promise<unknown>): Promise<unknown> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    console.error("An error occurred", error);
    // A 5xx result also tells React Router not to reload the page's data, which would fail the same way.
    return data<EnquiryActionData>({ formError: RETRY_MESSAGE }, { status: 503 });
  }
}

/**
 * The headers of an enquiry page's answer: its action's (a 503 from the bounded write queue carries
 * Retry-After). Each enquiry route exports it as `headers`; React Router uses an action's headers only then.
 */
export const enquiryHeaders = ({ actionHeaders }: { actionHeaders: Headers }) => actionHeaders;
