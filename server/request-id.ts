/**
 * Every request gets an id, answered in `X-Request-Id` and carried by every log
 * line written while it is handled (utils/logger.server.ts), and one access line when it is
 * answered. An error page or a 500 body shows the same id, so a shopper's "reference code" or a
 * client's report leads straight to the server's lines.
 *
 * An incoming `X-Request-Id` is kept only behind a trusted proxy (TRUST_PROXY) and only when it is
 * a short token of safe characters: a load balancer that sets one then ties its own logs to ours,
 * while a client talking to the app directly cannot choose ids (to make its requests look like
 * someone else's in the logs) or put control characters or long text into every line.
 */
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { loggedPath, logger, withRequestId } from "~/utils/logger.server";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** Letters, digits and `-_.:` (UUIDs, hex, AWS/Heroku-style ids), 1 to 64 characters. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

export function isSafeRequestId(value: string | undefined): value is string {
  return value !== undefined && SAFE_REQUEST_ID.test(value);
}

/** Health checks come every few seconds from the load balancer: their access lines are debug. */
const QUIET_PATHS = new Set(["/healthz", "/readyz"]);

/** The first middleware of the app (server/app.ts applyHttpMiddleware). */
export function requestId(trustedProxies: number): MiddlewareHandler {
  return async (c, next) => {
    const incoming = trustedProxies > 0 ? c.req.header(REQUEST_ID_HEADER) : undefined;
    const id = isSafeRequestId(incoming) ? incoming : randomUUID();
    const started = performance.now();
    await withRequestId(id, async () => {
      await next();
      c.header(REQUEST_ID_HEADER, id);
      const line = {
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        // Until the response head: a streamed page's body may take longer.
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
      if (QUIET_PATHS.has(c.req.path)) logger.debug(line, "request");
      else logger.info(line, "request");
    });
  };
}
