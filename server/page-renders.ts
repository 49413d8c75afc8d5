import type { WriteQueue, WriteQueueLimits } from "../core/shared/write-queue.ts";

/**
 * Pages rendered at once, and how many wait their turn (decision 063). Node renders on one
 * thread, so a second render at the same moment gains nothing but a share of the waits for the database; every
 * render in progress keeps its objects alive meanwhile. Fifty renders interleaved (a burst of cache misses) each
 * lived a second, their objects outlived the young generation, and the garbage collector's marking took the other
 * CPU, so a page cost several times the CPU it costs alone. In turns of two it costs what it costs alone whatever
 * the connections. The bounded wait keeps memory bounded under a flood:
 * a page that cannot start within 10 s is answered 503 with Retry-After, as a refused write is.
 */
export const PAGE_RENDER_LIMITS: WriteQueueLimits = {
  concurrency: 2,
  maxWaiting: 1_000,
  maxWaitMs: 10_000,
  retryAfterSeconds: 2,
};

/**
 * Runs a page's render in its turn and reads its answer whole before the turn ends, so that the render's work (the
 * router's streamed data for a client navigation included; a document comes whole from app/entry.server.tsx) is
 * done inside it. Whatever answers the page next reads the whole body anyway: the page
 * cache keeps it, and the caching middleware hashes and compresses it. A form's write does not wait here: it waits
 * in the write queue, whose refusal the form answers itself with what the visitor typed still in it.
 */
export function renderInTurn(turns: WriteQueue, request: Request, render: () => Promise<Response>): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return render();
  return turns.run(async () => {
    // A visitor who left while the page waited (a closed tab, a timed-out client) gets nothing rendered.
    if (request.signal.aborted) return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    const response = await render();
    if (!response.body) return response;
    const body = await response.arrayBuffer();
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  });
}

/** nginx's status for a request whose client closed the connection first; no client reads it. */
export const CLIENT_CLOSED_REQUEST = 499;
