import { Worker } from "node:worker_threads";
import zlib from "node:zlib";

export type CompressionRequest = {
  encoding: "br" | "gzip";
  /** zlib's options for gzipSync or brotliCompressSync (plain numbers, so that they cross to the thread as they are). */
  options: zlib.ZlibOptions | zlib.BrotliOptions;
};

/** The thread's whole program: compress each body as it comes, answer with its own copy of the bytes. */
const THREAD_SOURCE = `
const { parentPort } = require("node:worker_threads");
const zlib = require("node:zlib");
parentPort.on("message", ({ id, body, encoding, options }) => {
  try {
    const made = encoding === "gzip" ? zlib.gzipSync(body, options) : zlib.brotliCompressSync(body, options);
    // A small result can be a view of zlib's shared pool, which cannot be handed over: copied into its own memory.
    const bytes = made.byteOffset === 0 && made.byteLength === made.buffer.byteLength ? made : new Uint8Array(made);
    parentPort.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

/** What an operator needs to see of a thread that fails (`honda_compression_thread_*` in server/metrics.ts). */
export type CompressionThreadCounts = {
  /** Threads that failed or ended while in use; each was replaced by a new one at the next answer. */
  failures: number;
  /** Answers compressed on the main thread because the thread that held them failed. */
  compressedHere: number;
};

/** Why an answer came back without bytes when its thread failed or ended, not because zlib refused the body. */
class ThreadEnded extends Error {}

type Pending = { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void };
/** A running thread and the answers it has not sent back yet. */
type Thread = { worker: Worker; pending: Map<number, Pending> };

/**
 * Compresses answers made per request on a thread of its own (decision 069). A cache miss is the main thread's
 * render plus its compression, and the main thread is the server's limit under load: handed to this one thread,
 * which compresses synchronously as the main thread did, a page costs the same CPU and the main thread is free to
 * render the next. Not the libuv pool: its four threads contending for two CPUs with the main thread and the garbage
 * collector cost twice the CPU per page (decision 067).
 *
 * If the thread fails, what it held is compressed on the main thread instead (`compressHere`), and the next answer
 * starts a new thread, both counted in `counts`. The thread never keeps the process alive.
 */
export class CompressionThread {
  readonly counts: CompressionThreadCounts = { failures: 0, compressedHere: 0 };
  private thread: Thread | null = null;
  private nextId = 0;

  compress(body: Uint8Array, request: CompressionRequest): Promise<Uint8Array> {
    const { worker, pending } = this.running();
    const id = this.nextId++;
    // The message copies the whole memory a view is of: a view of part of a larger buffer goes as a copy of its own.
    const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : body.slice();
    return new Promise<Uint8Array>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, body: own, ...request });
    }).catch((error) => {
      // What zlib refused is refused again here, with zlib's own error; only a failed thread's answers are counted.
      if (error instanceof ThreadEnded) this.counts.compressedHere++;
      return compressHere(body, request);
    });
  }

  /** Ends the thread (the tests do, between cases); the next answer starts another. */
  async close(): Promise<void> {
    const worker = this.thread?.worker;
    this.thread = null;
    await worker?.terminate();
  }

  private running(): Thread {
    if (this.thread) return this.thread;
    const thread: Thread = { worker: new Worker(THREAD_SOURCE, { eval: true }), pending: new Map() };
    const { worker, pending } = thread;
    worker.unref();
    worker.on("message", ({ id, bytes, error }: { id: number; bytes?: Uint8Array; error?: string }) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (bytes) waiting?.resolve(bytes);
      else waiting?.reject(new Error(error));
    });
    // A failing thread reports an error and then its exit: counted once, and not when close() ended it.
    const failed = (error: Error) => {
      if (this.thread === thread) {
        this.thread = null;
        this.counts.failures++;
      }
      for (const waiting of pending.values()) waiting.reject(new ThreadEnded(error.message));
      pending.clear();
    };
    worker.on("error", failed);
    worker.on("exit", (code) => failed(new Error(`the compression thread exited with ${code}`)));
    this.thread = thread;
    return thread;
  }
}

/** The same compression on the calling thread. */
export function compressHere(body: Uint8Array, { encoding, options }: CompressionRequest): Uint8Array {
  return encoding === "gzip" ? zlib.gzipSync(body, options) : zlib.brotliCompressSync(body, options);
}
