import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";
import { MAX_IMAGE_BYTES } from "../core/media/image-pipeline.server.ts";

/**
 * Uploads with bounded memory (docs/decisions/049-uploads-streamed-to-disk.md). The request guard
 * runs every multipart write of an upload route (one whose body limit is above 64 KB) in an upload scope: the
 * page's form reader (app/lib/form-body.server.ts) streams each file of the body to a temporary file of the
 * scope as it arrives (busboy), counting the body's bytes against the route's limit, and hands the action a
 * FormData whose files are read from disk when, and only when, the action reads them. The scope's folder is
 * deleted when the request ends, however it ends.
 */

export type UploadScope = {
  /** The route's body limit, checked while the body streams (a chunked body has no Content-Length to check first). */
  readonly maxBodyBytes: number;
  /** A folder of this request's own, made on first use. */
  directory(): Promise<string>;
};

/** The guard's scopes; the page route hands the request's scope to the pages in its load context (server/app.ts). */
const scopes = new AsyncLocalStorage<UploadScope>();

/** Runs `work` (the rest of the request) in an upload scope, and deletes what it wrote to disk afterwards. */
export async function withUploadScope<T>(maxBodyBytes: number, work: () => Promise<T>): Promise<T> {
  let folder: Promise<string> | undefined;
  const scope: UploadScope = {
    maxBodyBytes,
    directory: () => (folder ??= fs.promises.mkdtemp(path.join(os.tmpdir(), "honda-upload-"))),
  };
  try {
    return await scopes.run(scope, work);
  } finally {
    if (folder)
      await fs.promises.rm(await folder.catch(() => ""), { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The upload scope of the request being served; none outside the guard's multipart writes of upload routes. */
export const currentUploadScope = (): UploadScope | undefined => scopes.getStore();

export type MultipartLimits = {
  /**
   * A larger file is cut just past this size (the rest of it is read and dropped), so that the action sees a
   * file over its limit and answers its own message on the field, with the rest of the form kept.
   */
  maxFileBytes: number;
  maxFiles: number;
  maxFields: number;
  /**
   * How slowly the body may arrive: it has `graceMs` for its first bytes, and then must keep up an average of
   * `minBytesPerSecond` (the rule of Apache's mod_reqtimeout). An upload holds one of the few upload turns while it
   * streams, so a client sending a byte every few seconds would otherwise hold its turn for minutes (Node's request
   * timeout, 300 s) and, three at once, keep every other photo waiting.
   */
  pace: { graceMs: number; minBytesPerSecond: number };
};

/**
 * A photo at the image pipeline's limit; a form that takes another file (the stock import's CSV) says so. The pace
 * lets a phone on a poor link through (8 KB a second is 64 kbit/s, below 2G's EDGE) and stops a trickle in 15 s.
 */
export const DEFAULT_MULTIPART_LIMITS: MultipartLimits = {
  maxFileBytes: MAX_IMAGE_BYTES,
  maxFiles: 40,
  maxFields: 200,
  pace: { graceMs: 15_000, minBytesPerSecond: 8 * 1024 },
};

/** A multipart body refused while it was read: the client's mistake, answered with `status`, never a 5xx. */
abstract class UploadRefused extends Error {
  abstract readonly status: 400 | 408 | 413;
}

/** The body is larger than its route allows, or carries more files or fields than any form has: 413. */
export class UploadTooLarge extends UploadRefused {
  readonly status = 413;
}

/** The body is not the multipart form its type says, or it was cut off: 400. */
export class UploadUnreadable extends UploadRefused {
  readonly status = 400;
}

/** The body arrived more slowly than the pace a form's limits allow: 408, and the connection is closed. */
export class UploadTooSlow extends UploadRefused {
  readonly status = 408;
}

/**
 * Reads a multipart/form-data body as it arrives: fields into memory, each file into a temporary file of the
 * scope (at most `maxFileBytes + 1` bytes of it). Memory stays at a few chunks of the body, whatever its size.
 */
export async function readMultipartToDisk(
  request: Request,
  scope: UploadScope,
  limits: MultipartLimits = DEFAULT_MULTIPART_LIMITS,
): Promise<FormData> {
  // In the order the browser sent them; a file's entry is ready once it is on disk.
  const entries: [name: string, value: string | Promise<File>][] = [];
  let refusal: UploadTooLarge | undefined;
  let parser: InstanceType<typeof Busboy>;
  try {
    parser = new Busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      limits: {
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles,
        fields: limits.maxFields,
        parts: limits.maxFiles + limits.maxFields,
      },
    });
  } catch (error) {
    throw new UploadUnreadable("The multipart body has no boundary", { cause: error });
  }
  parser.on("field", (name, value) => entries.push([name, value]));
  parser.on("file", (name, stream, fileName, _encoding, type) => {
    const saving = saveFile(scope, stream, fileName, type);
    // Awaited once the body has been read; until then a failure must not count as unhandled.
    saving.catch(() => undefined);
    entries.push([name, saving]);
  });
  const tooMany = () =>
    (refusal ??= new UploadTooLarge("The form carries more files or fields than any form of this site"));
  parser.on("filesLimit", tooMany);
  parser.on("fieldsLimit", tooMany);
  parser.on("partsLimit", tooMany);
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("finish", resolve);
    parser.on("error", (error) =>
      reject(new UploadUnreadable("The multipart body could not be read", { cause: error })),
    );
  });
  // Not left unhandled when the body is abandoned before the parser ends.
  parsed.catch(() => undefined);

  const files = () => entries.flatMap(([, value]) => (typeof value === "string" ? [] : [value]));
  let received = 0;
  const started = Date.now();
  const reader = request.body?.getReader();
  const deadline = () => started + limits.pace.graceMs + (received / limits.pace.minBytesPerSecond) * 1000;
  try {
    for (;;) {
      const next = reader ? await readBefore(reader, deadline()) : { done: true as const };
      if (next.done) break;
      const chunk = next.value;
      received += chunk.byteLength;
      if (received > scope.maxBodyBytes)
        throw new UploadTooLarge(`The body is larger than ${scope.maxBodyBytes} bytes`);
      if (!parser.write(chunk)) await Promise.race([once(parser, "drain"), parsed]);
    }
    parser.end();
    await parsed;
    await Promise.all(files());
  } catch (error) {
    parser.destroy();
    await reader?.cancel().catch(() => undefined);
    await Promise.allSettled(files());
    if (error instanceof UploadRefused) throw error;
    throw new UploadUnreadable("The body was cut off", { cause: error });
  }
  if (refusal) throw refusal;
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, typeof value === "string" ? value : await value);
  return form;
}

/** The body's next chunk, or UploadTooSlow once `deadline` (a time in ms) has passed without it. */
async function readBefore(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  deadline: number,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new UploadTooSlow("The body arrived more slowly than its pace allows")),
      Math.max(0, deadline - Date.now()),
    );
  });
  try {
    return await Promise.race([reader.read(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A file of the form, written to the scope's folder and read back from there only when the action reads it. */
async function saveFile(scope: UploadScope, stream: BusboyFileStream, fileName: string, type: string): Promise<File> {
  const file = path.join(await scope.directory(), randomUUID());
  await pipeline(stream, fs.createWriteStream(file, { mode: 0o600 }));
  return new File([await fs.openAsBlob(file, { type })], fileName, { type });
}
