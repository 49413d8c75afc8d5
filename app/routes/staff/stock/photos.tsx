import { redirect } from "react-router";
import {
  addStockPhotos,
  deleteStockPhoto,
  moveStockPhoto,
  reorderStockPhotos,
  setMainStockPhoto,
  type StockWriteResult,
} from "../../../../core/inventory/stock-admin.server.ts";
import type { StaffActor } from "../../../../core/staff/roles.ts";
import { field, staffForm } from "../../../lib/staff-forms.server.ts";
import { assertStaffWrite, requireStaff, staffFailure } from "../../../lib/staff.server.ts";
import type { Route } from "./+types/photos";
import { type AppContext, appContext } from "../../../load-context.ts";

/**
 * /staff/stock/{id}/photos: where the vehicle page's photo forms post (the one route whose body may be a
 * photo of up to 20 MB: server/app.ts, STAFF_PHOTO_UPLOAD_LIMITS). A browser without JavaScript is sent back
 * to the vehicle's page with what happened; the page's script (XHR uploads with progress) asks for JSON.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  return redirect(`/staff/stock/${params.id}#photos`);
}

const vehicleId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : 0);

export async function action({ request, context, params }: Route.ActionArgs) {
  // Signed in before the body (up to 20 MB) is read: nobody else makes the server buffer a photo.
  await requireStaff(request);
  const form = await staffForm(request);
  const actor = await assertStaffWrite(request, form);
  const id = vehicleId(params.id);
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  try {
    const { result, done, focus } = await photoChange(context.get(appContext).db, actor, id, form);
    if (wantsJson)
      return Response.json(result.ok ? { ok: true } : { ok: false, violations: result.violations }, {
        status: result.ok ? 200 : 422,
      });
    const page = `/staff/stock/${params.id}`;
    if (!result.ok)
      return redirect(
        `${page}?${new URLSearchParams({ photoError: result.violations.map((v) => v.message).join(" ") })}#photos`,
      );
    return redirect(`${page}?done=${done}#${focus ?? "photos"}`);
  } catch (error) {
    staffFailure(error);
  }
}

/** The change the form asks for (its "intent"), and where the page should put focus afterwards. */
async function photoChange(
  db: AppContext["db"],
  actor: StaffActor,
  id: number,
  form: FormData,
): Promise<{ result: StockWriteResult; done: string; focus?: string }> {
  const photoId = Number(field(form, "photo")) || 0;
  switch (field(form, "intent")) {
    case "up":
    case "down": {
      const direction = field(form, "intent") as "up" | "down";
      const result = await moveStockPhoto(db, actor, id, photoId, direction === "up" ? -1 : 1);
      return { result, done: "photo-moved", focus: `photo-${photoId}-${direction}` };
    }
    case "main":
      return {
        result: await setMainStockPhoto(db, actor, id, photoId),
        done: "photo-main",
        focus: `photo-${photoId}-up`,
      };
    case "delete":
      return { result: await deleteStockPhoto(db, actor, id, photoId), done: "photo-deleted" };
    case "reorder": {
      const order = field(form, "order").split(",").map(Number).filter(Number.isInteger);
      return { result: await reorderStockPhotos(db, actor, id, order), done: "photo-moved" };
    }
    default: {
      const files = form.getAll("photos").filter((value): value is File => typeof value !== "string" && value.size > 0);
      const photos = await Promise.all(
        files.map(async (file) => ({ name: file.name, bytes: Buffer.from(await file.arrayBuffer()) })),
      );
      return { result: await addStockPhotos(db, actor, id, photos), done: "photos-added" };
    }
  }
}
