/**
 * How a failed page request is logged: exactly one line, with the stack when
 * it is the server's fault. React Router hands entry.server.tsx's `handleError` every error of a
 * loader, an action or the render; the request id comes with every line (logger.server.ts).
 */
import { isRouteErrorResponse } from "react-router";
import { loggedPath, logger } from "./logger.server";

export function logRequestError(error: unknown, request: Request): void {
  const { pathname } = new URL(request.url);
  const where = { method: request.method, path: loggedPath(pathname) };
  // The client went away (a closed tab, a lost connection): the loaders were cancelled, nothing failed.
  if (request.signal.aborted) {
    logger.info(where, "The client went away before the answer");
    return;
  }
  // React Router's own answers to a bad request (no such route, no action for a POST, a malformed
  // request): the client's doing, worth a line but not a stack.
  if (isRouteErrorResponse(error) && error.status < 500) {
    const reason = (error as { error?: Error }).error?.message ?? error.statusText;
    logger.warn({ ...where, status: error.status, reason }, "Request refused");
    return;
  }
  const cause = isRouteErrorResponse(error) ? ((error as { error?: Error }).error ?? error) : error;
  logger.error({ ...where, err: cause }, "Request failed");
}
