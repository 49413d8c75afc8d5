/** What a browser form sends: urlencoded, or multipart when it carries files. */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export type FormBody = { ok: true; form: FormData } | { ok: false; status: 400 | 415; message: string };

/**
 * The body of a page action's form. Another type (JSON, none) is 415 and a body that cannot be parsed 400,
 * each with a message the page shows with its form: the client's mistake, never a 5xx.
 */
export async function readFormBody(request: Request): Promise<FormBody> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    return { ok: false, status: 415, message: "This form could not be read: please fill it in on this page and send it again." };
  }
  try {
    return { ok: true, form: await request.formData() };
  } catch {
    return { ok: false, status: 400, message: "What was sent could not be read: please fill in the form on this page and send it again." };
  }
}
