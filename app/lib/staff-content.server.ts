import { type RouterContextProvider, redirect } from "react-router";
import type { Database } from "../../db/client.ts";
import { createBanner, updateBanner } from "../../core/content/banners-admin.server.ts";
import { areaDealers, type ContentWriteResult, type UploadedFile } from "../../core/content/content-admin.server.ts";
import { createDeal, setDealStatus, updateDeal } from "../../core/content/deals-admin.server.ts";
import { dealerScope, type StaffActor } from "../../core/staff/roles.ts";
import { pageUrlOf } from "../framework/data-requests.ts";
import { appContext } from "../load-context.ts";
import { BANNER_FORM_FIELDS, DEAL_FORM_FIELDS, recordId } from "./content-fields.ts";
import { contentFormValues, refusedContentForm } from "./content-form.server.ts";
import { field, formFile, staffForm } from "./staff-forms.server.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "./staff.server.ts";

/**
 * The loaders and actions of the back office's scheduled-content pages (specials and deals, banners): the
 * add and edit forms with the dealers the signed-in person may choose, a save that shows the form again
 * with its mistakes (422) or goes to the record with a notice, and publishing for a kind with drafts.
 */

export type StaffContentKind = {
  /** Where its pages are: the list, /new, /{id}. */
  path: "/staff/banners" | "/staff/specials";
  area: "banners" | "deals";
  /** The form's text fields (the image comes as a file). */
  fields: readonly string[];
  /** What the record's page says after a change, by its ?done= value. */
  notices: Readonly<Record<string, string>>;
  create(
    db: Database,
    actor: StaffActor,
    values: Record<string, string>,
    image: UploadedFile | null,
  ): Promise<ContentWriteResult>;
  update(
    db: Database,
    actor: StaffActor,
    id: number,
    values: Record<string, string>,
    image: UploadedFile | null,
  ): Promise<ContentWriteResult>;
  /** Publishing and taking back to draft: a kind with drafts only. */
  setStatus?(db: Database, actor: StaffActor, id: number, status: "draft" | "published"): Promise<ContentWriteResult>;
};

type PageArgs = { request: Request; context: Readonly<RouterContextProvider> };
type RecordArgs = PageArgs & { params: { id: string } };

/** The dealers a form offers the actor, and whether they may choose group-wide. */
async function formChoices(db: Database, actor: StaffActor, area: StaffContentKind["area"]) {
  const dealers = await areaDealers(db, actor, area);
  return {
    dealers: dealers.map(({ slug, name }) => ({ slug, name })),
    groupWide: dealerScope(actor, area).kind === "all",
  };
}

/** Loader of the add form. */
export async function newContentPage(kind: StaffContentKind, { request, context }: PageArgs) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    return { csrfToken, ...(await formChoices(context.get(appContext).db, actor, kind.area)) };
  } catch (error) {
    staffFailure(error);
  }
}

/** Loader of a record's page: the record (another dealer's is not found), the form's choices, the notice. */
export async function editContentPage<Record>(
  kind: StaffContentKind,
  { request, context, params }: RecordArgs,
  read: (db: Database, actor: StaffActor, id: number) => Promise<Record>,
) {
  const { actor, csrfToken } = await requireStaff(request);
  try {
    const [record, choices] = await Promise.all([
      read(context.get(appContext).db, actor, recordId(params.id)),
      formChoices(context.get(appContext).db, actor, kind.area),
    ]);
    const notice = kind.notices[pageUrlOf(request).searchParams.get("done") ?? ""] ?? null;
    return { csrfToken, record, ...choices, notice };
  } catch (error) {
    staffFailure(error);
  }
}

/** Action of the add form: to the new record's page, or the form again with its mistakes. */
export async function createContentAction(kind: StaffContentKind, { request, context }: PageArgs) {
  await requireStaff(request);
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const values = contentFormValues(form, kind.fields);
  try {
    const result = await kind.create(context.get(appContext).db, actor, values, await formFile(form, "image"));
    if (!result.ok) return refusedContentForm(values, result);
    return redirect(`${kind.path}/${result.id}?done=created`);
  } catch (error) {
    staffFailure(error);
  }
}

/** Action of a record's page: publish or take back to draft (`intent`), else save the form. */
export async function editContentAction(kind: StaffContentKind, { request, context, params }: RecordArgs) {
  await requireStaff(request);
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const id = recordId(params.id);
  try {
    const intent = field(form, "intent");
    if (kind.setStatus && (intent === "publish" || intent === "draft")) {
      const result = await kind.setStatus(
        context.get(appContext).db,
        actor,
        id,
        intent === "publish" ? "published" : "draft",
      );
      if (!result.ok) return refusedContentForm({}, result);
      return redirect(`${kind.path}/${id}?done=${intent === "publish" ? "published" : "draft"}`);
    }
    const values = contentFormValues(form, kind.fields);
    const result = await kind.update(context.get(appContext).db, actor, id, values, await formFile(form, "image"));
    if (!result.ok) return refusedContentForm(values, result);
    return redirect(`${kind.path}/${id}?done=saved`);
  } catch (error) {
    staffFailure(error);
  }
}

export const STAFF_BANNERS: StaffContentKind = {
  path: "/staff/banners",
  area: "banners",
  fields: BANNER_FORM_FIELDS,
  notices: {
    created: "Banner added. The public site shows it within a few seconds, within its schedule.",
    saved: "Changes saved. The public site shows them within a few seconds.",
  },
  create: createBanner,
  update: updateBanner,
};

export const STAFF_SPECIALS: StaffContentKind = {
  path: "/staff/specials",
  area: "deals",
  fields: DEAL_FORM_FIELDS,
  notices: {
    created: "Saved as a draft. Preview it, then publish it.",
    saved: "Changes saved. The public site shows them within a few seconds.",
    published: "Published. It is on the public site from its start until its end.",
    draft: "Taken back to draft: it is no longer on the public site.",
  },
  create: createDeal,
  update: updateDeal,
  setStatus: setDealStatus,
};
