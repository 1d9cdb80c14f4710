/**
 * React Router's default Node entry, with these changes: a HEAD request gets the same
 * `Content-Type: text/html` as GET (the default returns before setting it, and the Node adapter
 * then says text/plain); the inline scripts carry the request's CSP nonce (no
 * 'unsafe-inline'); an error after the shell is reported to the page cache, which then keeps no copy;
 * the module preloads React hoists into <head> are made by an inline script in <body> instead, which
 * runs once the stylesheet has loaded, so the stylesheet does not share a slow link with the
 * JavaScript (utils/defer-module-preloads.server.ts).
 */
import { PassThrough, pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { RequestIdContext } from "~/components/request-reference";
import { appContext } from "~/context";
import { deferModulePreloads } from "~/utils/defer-module-preloads.server";
import { logRequestError } from "~/utils/request-errors.server";
import { currentRequestId, logger } from "~/utils/logger.server";

export const streamTimeout = 5_000;

/**
 * React Router calls this for every error of a loader, an action or the render (and logs nothing
 * itself once it is exported): one JSON line with the stack and the request's id.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  logRequestError(error, request);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: RouterContextProvider,
) {
  const { nonce, pageRender } = readAppContext(loadContext);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <RequestIdContext value={currentRequestId()}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </RequestIdContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          // React writes to the first stream (and destroys it on a fatal error); pipeline passes
          // the end or the error on to the response's body.
          const preloadsLast = deferModulePreloads();
          pipeline(preloadsLast, body, () => {});
          pipe(preloadsLast);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (pageRender) pageRender.failed = true;
          // Errors before the shell reach handleError below; later ones are logged only here.
          if (shellRendered && !request.signal.aborted) logger.error({ err: error }, "The page failed while streaming");
        },
      },
    );
  });
}

/** The nonce and render state that server/index.ts put in the app context (absent outside the server). */
function readAppContext(loadContext: RouterContextProvider | undefined) {
  try {
    const context = loadContext?.get(appContext);
    return { nonce: context?.nonce, pageRender: context?.pageRender };
  } catch {
    return { nonce: undefined, pageRender: undefined };
  }
}
