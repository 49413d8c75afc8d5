import {
  DEFAULT_MULTIPART_LIMITS,
  type MultipartLimits,
  readMultipartToDisk,
  UploadTooLarge,
  UploadTooSlow,
} from "../../server/uploads.ts";
import { requestUploadScope } from "./page-request.server.ts";

/** What a browser form sends: urlencoded, or multipart when it carries files. */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export type FormBody = { ok: true; form: FormData } | { ok: false; status: 400 | 408 | 413 | 415; message: string };

const UNREADABLE = "What was sent could not be read: please fill in the form on this page and send it again.";
const TOO_LARGE = "What was sent is larger than this form takes: please send fewer or smaller files.";
const TOO_SLOW =
  "What was sent arrived too slowly and was not kept: please check your connection and send the form again.";

/**
 * The body of a page action's form. Another type (JSON, none) is 415 and a body that cannot be parsed 400,
 * each with a message the page shows with its form: the client's mistake, never a 5xx. On an upload route
 * (server/uploads.ts) a multipart body is streamed to temporary files; elsewhere the request guard has
 * already kept it to 64 KB, and it is read in memory.
 */
export async function readFormBody(request: Request, limits: Partial<MultipartLimits> = {}): Promise<FormBody> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    return {
      ok: false,
      status: 415,
      message: "This form could not be read: please fill it in on this page and send it again.",
    };
  }
  const uploads = requestUploadScope();
  try {
    if (type === "multipart/form-data" && uploads) {
      return {
        ok: true,
        form: await readMultipartToDisk(request, uploads, { ...DEFAULT_MULTIPART_LIMITS, ...limits }),
      };
    }
    return { ok: true, form: await request.formData() };
  } catch (error) {
    if (error instanceof UploadTooLarge) return { ok: false, status: 413, message: TOO_LARGE };
    if (error instanceof UploadTooSlow) return { ok: false, status: 408, message: TOO_SLOW };
    return { ok: false, status: 400, message: UNREADABLE };
  }
}
