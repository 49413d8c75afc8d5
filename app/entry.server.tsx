import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import css from "./app.css?inline";
import { InlineStylesheet } from "./lib/inline-stylesheet.ts";
import { hydrateAfterPaint } from "./framework/hydrate-after-paint.server.ts";
import { type AppContext, appContext } from "./load-context.ts";

/**
 * React Router's default server entry (`react-router reveal entry.server`, 8.4) with five changes: the page is
 * rendered whole before it is answered, for every visitor as for crawlers (decision 064); the
 * site's stylesheet inlined in the head with the nonce (app/lib/inline-stylesheet.ts); the page's scripts
 * run after its first paint, downloaded beside it at low priority (app/framework/hydrate-after-paint.server.ts); the
 * response's Content-Security-Policy nonce goes on every script the renderer writes (ServerRouter hands it to
 * <Scripts>, <ScrollRestoration> and <Links> through its context; React puts it on its streaming scripts),
 * and every error is reported to the server, which decides the answer (server/app.ts). The default's HEAD
 * branch is gone: server/app.ts renders a HEAD as the GET it stands for, so no HEAD reaches this entry.
 */

export const streamTimeout = 5_000;

/**
 * The server runs each page request in its scope, and hands it the router's context, through these exports of the
 * build (server/pages.ts): the build's own modules, whose `appContext` key the loaders read.
 */
export { runPageRequest } from "./lib/page-request.server.ts";
export { routerContextOf } from "./framework/router-context.server.ts";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  routerLoadContext: RouterContextProvider,
) {
  const loadContext = routerLoadContext.get(appContext);
  const nonce = loadContext.cspNonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const page = (
      <InlineStylesheet.Provider value={{ css, nonce }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesheet.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      // The style nonce lets React write the inlined stylesheet (a <style> with a precedence) with it.
      nonce: nonce ? { script: nonce, style: nonce } : undefined,
      // Suspense boundaries stay in the page where they render (none of ours waits for anything): React outlines
      // one larger than this into a later chunk revealed by a script, which moved content after the first paint.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellRendered = true;
      },
      // Every visitor gets the page whole, as crawlers always did (decision 064).
      onAllReady() {
        pipe(
          wholePage((page) => {
            // Clear the timeout to prevent retaining the closure and memory leak
            clearTimeout(timeoutId);
            timeoutId = undefined;
            responseHeaders.set("Content-Type", "text/html");
            // The page's scripts download with it and run once its pictures have painted (app/framework/hydrate-after-paint.server.ts).
            const body = hydrateAfterPaint(page) as Uint8Array<ArrayBuffer>;
            resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Log streaming rendering errors from inside the shell.  Don't log
        // errors encountered during initial shell rendering since they'll
        // reject and get logged in handleDocumentRequest.
        if (shellRendered) {
          reportError(error, loadContext);
        }
      },
    });
  });
}

/** A destination for the renderer that gathers what it writes and hands over the page's bytes when it ends. */
function wholePage(done: (page: Buffer) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      done(Buffer.concat(chunks));
      callback();
    },
  });
}

/** Errors of loaders, actions and rendering go to the server (logged with the request id, or a 503). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A thrown `data(..., { status })` is an answer, not a fault; one that wraps an Error carries the fault.
  const fault = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : error;
  if (fault !== undefined) reportError(fault, context.get(appContext));
};

function reportError(error: unknown, context: AppContext | undefined) {
  if (context?.reportError) context.reportError(error);
  else console.error(error);
}
