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

/** Only a back-office address, never another site: where to go after signing in. */
export function safeStaffPath(next: string | null): string {
  return next && /^\/staff(?:[/?]|$)/.test(next) && !next.startsWith("//") ? next : "/staff";
}
