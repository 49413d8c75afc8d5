import { appContext } from "../../../load-context.ts";
import { data, redirect } from "react-router";
import { exportPersonRecords, parsePersonIdentifier } from "../../../../core/privacy/privacy.server.ts";
import { privacyStepContext } from "../../../lib/privacy-requests.server.ts";
import { field, staffForm } from "../../../lib/staff-forms.server.ts";
import { assertStaffWrite, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/hand-over";

const FORMATS = {
  text: { type: "text/plain; charset=utf-8", extension: "txt" },
  json: { type: "application/json; charset=utf-8", extension: "json" },
} as const;

/**
 * The hand-over files of /staff/privacy (POPIA section 23): everything held about one person as a file they can
 * read, or the same as JSON. A POST with the session's CSRF token, whose body names the person, so that their
 * address or number is never part of a URL; the answer is an attachment no cache may keep.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const format = field(form, "format");
  if (format !== "text" && format !== "json") throw data("Choose the file to read or the JSON.", { status: 400 });
  const parsed = parsePersonIdentifier(field(form, "person"));
  if (!parsed.ok) throw data(parsed.message, { status: 422 });
  const { db, deps, retention } = privacyStepContext(context.get(appContext), actor);
  try {
    const handOver = await exportPersonRecords(db, actor, parsed.identifier, deps, retention);
    const body = format === "json" ? `${JSON.stringify(handOver.json, null, 2)}\n` : handOver.text;
    const day = new Date().toISOString().slice(0, 10);
    return new Response(body, {
      headers: {
        "Content-Type": FORMATS[format].type,
        "Content-Disposition": `attachment; filename="personal-information-${day}.${FORMATS[format].extension}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    staffFailure(error);
  }
}

/** Only sent by the page's form: opening the address goes to the page it belongs to. */
export function loader() {
  throw redirect("/staff/privacy");
}
