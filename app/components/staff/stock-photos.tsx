import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigate, useSubmit } from "react-router";
import type { StockPhoto } from "../../../core/inventory/stock-admin.server.ts";
import { Field } from "../field.tsx";
import { CsrfField } from "./csrf-field.tsx";
import { buttonClass, secondaryButtonClass, staffLook } from "./form.tsx";
import { useHydrated } from "../../lib/hydrated.ts";

type Props = { vehicleId: number; title: string; photos: StockPhoto[]; csrfToken: string; error: string | null };

type Upload = { name: string; loaded: number; total: number; done: boolean };

const smallButton = `${secondaryButtonClass} px-3 py-1 text-sm`;

/**
 * A vehicle's photos: upload several (from the files or the phone's camera), reorder them by drag and drop
 * or with Move up / Move down (keyboard), choose the main one (the first), delete. Every control is a plain
 * form posting to /staff/stock/{id}/photos, so all of it works without JavaScript; with it, uploads go one
 * photo at a time through XHR, whose upload events drive a progress bar per photo.
 */
export function StockPhotos({ vehicleId, title, photos, csrfToken, error }: Props) {
  const action = `/staff/stock/${vehicleId}/photos`;
  useFocusFromHash();
  const { uploads, uploadError, upload } = usePhotoUploads(action, csrfToken, vehicleId);

  const problem = uploadError ?? error;
  return (
    <section aria-labelledby="photos" className="mt-10">
      <h2 id="photos" tabIndex={-1} className="text-2xl font-bold">
        Photos of this vehicle
      </h2>
      <p className="mt-2">The first photo is the main photo on the public site. JPEG, PNG or WebP, up to 20 MB each.</p>
      {problem ? (
        <p role="alert" className="mt-4 rounded border-2 border-brand-red p-3 font-semibold text-brand-red">
          {problem}
        </p>
      ) : null}
      <UploadForm action={action} csrfToken={csrfToken} uploads={uploads} onSubmit={upload} />
      {photos.length > 0 ? (
        <PhotoList title={title} photos={photos} action={action} csrfToken={csrfToken} />
      ) : (
        <p className="mt-6">
          No photos yet: the public site shows a drawing of the model until the first photo is added.
        </p>
      )}
    </section>
  );
}

/** The upload form: photos from the files or the camera, and each upload's progress. */
function UploadForm({
  action,
  csrfToken,
  uploads,
  onSubmit,
}: {
  action: string;
  csrfToken: string;
  uploads: Upload[];
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="mt-4 space-y-4 rounded border border-gray-300 p-4"
    >
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value="upload" />
      <Field id="photos-files" label="Photos" look={staffLook}>
        {(control) => (
          <input
            {...control}
            name="photos"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/*"
            multiple
            className="mt-1 block w-full"
          />
        )}
      </Field>
      <Field id="photos-camera" label="Take a photo with the camera" look={staffLook}>
        {(control) => (
          <input
            {...control}
            name="photos"
            type="file"
            accept="image/*"
            capture="environment"
            className="mt-1 block w-full"
          />
        )}
      </Field>
      <button type="submit" className={buttonClass}>
        Upload photos
      </button>
      {uploads.length > 0 ? (
        <ul aria-label="Uploads" className="space-y-2">
          {uploads.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two chosen files may share a name; the list is replaced, never reordered
            <li key={`${item.name}-${index}`}>
              <label htmlFor={`upload-${index}`} className="block text-sm">
                {item.name}: {item.done ? "uploaded" : `${Math.round((item.loaded / Math.max(item.total, 1)) * 100)}%`}
              </label>
              <progress id={`upload-${index}`} max={item.total} value={item.loaded} className="w-full" />
            </li>
          ))}
        </ul>
      ) : null}
    </Form>
  );
}

/** The photos in their order, the first the main one: each moved by its buttons or by dragging. */
function PhotoList({
  title,
  photos,
  action,
  csrfToken,
}: Pick<Props, "title" | "photos" | "csrfToken"> & { action: string }) {
  const hydrated = useHydrated();
  const { dragProps, dropTarget } = useDragReorder(photos, action, csrfToken);
  return (
    <ol aria-label={`Photos of the ${title}`} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {photos.map((photo, index) => (
        <li
          key={photo.id}
          {...(hydrated ? dragProps(photo.id) : {})}
          className={`rounded border-2 p-3 ${dropTarget === photo.id ? "border-brand-red" : "border-gray-300"}`}
        >
          <img
            src={thumbnailOf(photo)}
            alt={`${index + 1} of ${photos.length}${index === 0 ? ", shown first" : ""}`}
            width={320}
            height={200}
            className="aspect-[8/5] h-auto w-full rounded object-cover"
          />
          <p className="mt-2 font-semibold">
            {index === 0 ? "Main photo" : `Photo ${index + 1}`}
            {hydrated ? <span className="font-normal text-brand-grey-light"> (drag to reorder)</span> : null}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <PhotoButton
              action={action}
              csrfToken={csrfToken}
              photo={photo.id}
              intent="up"
              disabled={index === 0}
              label="Move up"
            />
            <PhotoButton
              action={action}
              csrfToken={csrfToken}
              photo={photo.id}
              intent="down"
              disabled={index === photos.length - 1}
              label="Move down"
            />
            {index > 0 ? (
              <PhotoButton
                action={action}
                csrfToken={csrfToken}
                photo={photo.id}
                intent="main"
                label="Make main photo"
              />
            ) : null}
            <PhotoButton action={action} csrfToken={csrfToken} photo={photo.id} intent="delete" label="Delete" />
          </div>
        </li>
      ))}
    </ol>
  );
}

/**
 * Sends the chosen photos one by one with their progress (a progress bar each), then shows them added; the
 * first problem stops the rest.
 */
function usePhotoUploads(action: string, csrfToken: string, vehicleId: number) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const navigate = useNavigate();

  async function upload(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const files = [...form.querySelectorAll<HTMLInputElement>("input[type=file]")].flatMap((input) => [
      ...(input.files ?? []),
    ]);
    if (files.length === 0) return; // the server explains an empty upload
    event.preventDefault();
    setUploadError(null);
    setUploads(files.map((file) => ({ name: file.name, loaded: 0, total: file.size, done: false })));
    for (const [index, file] of files.entries()) {
      const problem = await sendPhoto(action, csrfToken, file, (loaded, total) =>
        setUploads((list) => list.map((item, i) => (i === index ? { ...item, loaded, total } : item))),
      );
      if (problem) {
        setUploadError(problem);
        break;
      }
      setUploads((list) => list.map((item, i) => (i === index ? { ...item, loaded: item.total, done: true } : item)));
    }
    form.reset();
    navigate(`/staff/stock/${vehicleId}?done=photos-added#photos`, { replace: true, preventScrollReset: true });
  }
  return { uploads, uploadError, upload };
}

function PhotoButton({
  action,
  csrfToken,
  photo,
  intent,
  label,
  disabled = false,
}: {
  action: string;
  csrfToken: string;
  photo: number;
  intent: string;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Form method="post" action={action} preventScrollReset>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="photo" value={photo} />
      <button
        type="submit"
        name="intent"
        value={intent}
        id={`photo-${photo}-${intent}`}
        disabled={disabled}
        className={`${smallButton} disabled:opacity-50`}
      >
        {label}
      </button>
    </Form>
  );
}

/** The smallest JPEG rendition, for the thumbnails (every browser shows JPEG). */
function thumbnailOf(photo: StockPhoto): string {
  return photo.renditions?.find((r) => r.format === "jpeg")?.url ?? photo.uri;
}

/** Sends one photo; answers null when stored, else the message to show. */
function sendPhoto(
  action: string,
  csrfToken: string,
  file: File,
  progress: (loaded: number, total: number) => void,
): Promise<string | null> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.set("csrf", csrfToken);
    body.set("intent", "upload");
    body.append("photos", file);
    const request = new XMLHttpRequest();
    request.open("POST", action);
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) progress(event.loaded, event.total);
    });
    request.addEventListener("load", () => {
      if (request.status === 200) return resolve(null);
      if (request.status === 413) return resolve(`${file.name}: the photo is larger than 20 MB`);
      if (request.status === 408) return resolve(`${file.name}: the connection was too slow to send it; try again`);
      try {
        const answer = JSON.parse(request.responseText) as { violations?: { message: string }[] };
        resolve(answer.violations?.map((v) => v.message).join(" ") ?? `${file.name} could not be uploaded`);
      } catch {
        resolve(`${file.name} could not be uploaded (${request.status})`);
      }
    });
    request.addEventListener("error", () => resolve(`${file.name} could not be uploaded: the connection failed`));
    request.send(body);
  });
}

/** After a move the page comes back with #photo-<id>-<up|down>: focus returns to that photo's button, where the user was. */
function useFocusFromHash(): void {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation
  useEffect(() => {
    const moved = /^#photo-(\d+)-(up|down)$/.exec(hash);
    if (!moved) return;
    // The button pressed, or, once the photo is first or last, its other move button.
    const [, photo, direction] = moved;
    const candidates = [`photo-${photo}-${direction}`, `photo-${photo}-${direction === "up" ? "down" : "up"}`];
    const target = candidates
      .map((id) => document.getElementById(id) as HTMLButtonElement | null)
      .find((button) => button && !button.disabled);
    (target ?? document.getElementById("photos"))?.focus();
  }, [key]);
}

/** Drag and drop between photos (pointer users); the new order is posted as one reorder. */
function useDragReorder(photos: StockPhoto[], action: string, csrfToken: string) {
  const submit = useSubmit();
  const dragged = useRef<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const dragProps = (photoId: number) => ({
    draggable: true,
    onDragStart: (event: React.DragEvent) => {
      dragged.current = photoId;
      event.dataTransfer.effectAllowed = "move";
    },
    onDragOver: (event: React.DragEvent) => {
      event.preventDefault();
      setDropTarget(photoId);
    },
    onDragLeave: () => setDropTarget((current) => (current === photoId ? null : current)),
    onDrop: (event: React.DragEvent) => {
      event.preventDefault();
      setDropTarget(null);
      const from = dragged.current;
      dragged.current = null;
      if (from === null || from === photoId) return;
      const order = photos.map((photo) => photo.id).filter((id) => id !== from);
      order.splice(order.indexOf(photoId), 0, from);
      submit(
        { csrf: csrfToken, intent: "reorder", order: order.join(",") },
        { method: "post", action, preventScrollReset: true },
      );
    },
  });
  return { dragProps, dropTarget };
}
