import { data, redirect } from "react-router";
import { storeBlogBodyImage, type Upload } from "../../core/content/blog-admin.server.ts";
import type { StaffActor } from "../../core/staff/roles.ts";
import type { WriteResult } from "../../core/staff/staff-write.server.ts";
import type { Database } from "../../db/client.ts";
import { BLOG_FIELD_LABELS, type BlogField } from "../../core/content/blog-schema.ts";
import type { Violation } from "../../core/shared/violations.ts";
import { errorsByField } from "../components/staff/form.tsx";
import { field, formFile, staffForm } from "./staff-forms.server.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "./staff.server.ts";

/** The post's fields as the form sent them (text only), for the blog service and to show again. */
function blogFormValues(form: FormData): Partial<Record<BlogField, string>> {
  return Object.fromEntries(Object.keys(BLOG_FIELD_LABELS).map((name) => [name, field(form, name)]));
}

/** A refused save: the form again with what was typed and a message on each field at fault (422). */
function refusedBlogForm(values: Partial<Record<BlogField, string>>, violations: Violation[]) {
  return data(
    {
      values,
      errors: errorsByField(violations),
      bodyImage: undefined as string | undefined,
      bodyImageError: undefined as string | undefined,
    },
    { status: 422 },
  );
}

/** The answer to the body-image form: the Markdown to paste, or why the image was refused (422). */
function bodyImageAnswer(result: { ok: true; markdown: string } | { ok: false; violations: Violation[] }) {
  return result.ok
    ? { values: undefined, errors: undefined, bodyImage: result.markdown, bodyImageError: undefined }
    : data(
        {
          values: undefined,
          errors: undefined,
          bodyImage: undefined,
          bodyImageError: result.violations.map((v) => v.message).join(" "),
        },
        { status: 422 },
      );
}

/**
 * The action of a post's page (new or edit): the body-image form (intent "body-image") answers the Markdown
 * to paste; the post's form is saved by `save` and answers a redirect to `savedPath`, or 422.
 */
export async function blogFormAction(
  request: Request,
  db: Database,
  save: (actor: StaffActor, values: Partial<Record<BlogField, string>>, hero: Upload | null) => Promise<WriteResult>,
  savedPath: (id: number) => string,
) {
  // Signed in before the body (up to 20 MB) is read: nobody else makes the server buffer an image.
  await requireStaff(request);
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  try {
    if (field(form, "intent") === "body-image") {
      const image = await formFile(form, "bodyImage");
      return bodyImageAnswer(
        image
          ? await storeBlogBodyImage(db, actor, image, field(form, "alt"))
          : { ok: false, violations: [{ propertyPath: "bodyImage", message: "Choose an image to upload" }] },
      );
    }
    const values = blogFormValues(form);
    const result = await save(actor, values, await formFile(form, "heroImage"));
    if (!result.ok) return refusedBlogForm(values, result.violations);
    return redirect(savedPath(result.id));
  } catch (error) {
    staffFailure(error);
  }
}
