import { data } from "react-router";
import { readFormBody } from "./form-body.server.ts";

/** A staff action's form, or the 415/400 the page shows when it cannot be read. */
export async function staffForm(request: Request): Promise<FormData> {
  const body = await readFormBody(request);
  if (!body.ok) throw data(body.message, { status: body.status });
  return body.form;
}

/** A text field of a form ("" when absent or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** A file field of a form, as the image services take it; null when no file was chosen. */
export async function formFile(form: FormData, name: string): Promise<{ name: string; bytes: Buffer } | null> {
  const file = form.get(name);
  if (!file || typeof file === "string" || file.size === 0) return null;
  return { name: file.name, bytes: Buffer.from(await file.arrayBuffer()) };
}

const STAFF_HOME = "/staff";
/** An origin no request has, to read a path as the browser would resolve it against ours. */
const NO_ORIGIN = "http://resolve.invalid";

/**
 * Only a back-office address, never another site: where to go after signing in. The path is read as a browser would
 * resolve it (dot segments, a backslash as a slash, tabs and line breaks dropped) and returned percent-encoded, so
 * that what is checked is where the browser goes and a character a header cannot carry (a euro sign, a line break)
 * is never written into the Location header.
 */
export function safeStaffPath(next: string | null): string {
  if (!next?.startsWith("/")) return STAFF_HOME;
  const url = URL.parse(next, NO_ORIGIN);
  if (url?.origin !== NO_ORIGIN) return STAFF_HOME;
  const path = url.pathname + url.search + url.hash;
  return /^\/staff(?:[/?#]|$)/.test(path) ? path : STAFF_HOME;
}
