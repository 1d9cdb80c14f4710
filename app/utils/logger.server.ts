/**
 * The server's one logger: structured JSON, one object a line on stdout, so a
 * log collector can index it and several processes' logs can be told apart (`pid`, `hostname`).
 * Every line written while a request is handled carries that request's id (`request_id`, set by
 * server/request-id.ts) without the caller passing it: the id lives in an AsyncLocalStorage and
 * pino's `mixin` adds it, whether the line comes from Hono, a loader, an action, mail or chat.
 *
 * Errors go in `err` (`logger.error({ err }, "What failed")`): pino writes their type, message
 * and stack. LOG_LEVEL (utils/env.server.ts) sets the least severe level written.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { LOG_LEVELS } from "./env.server";

type LogLevel = (typeof LOG_LEVELS)[number];

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` (and everything it starts) as part of the request `requestId`. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestScope.run({ requestId }, fn);
}

/** The id of the request being handled, or undefined outside one (start-up, timers). */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

/**
 * A URL path as logged: without its query string (callers pass the path alone; a query may hold a
 * search, an email or a token) and with the tokens of the emailed account links
 * (`/activate/{uid}/{token}`, `/password/reset/confirm/{uid}/{token}`) masked: each works once.
 */
export function loggedPath(path: string): string {
  return path.replace(/^(\/(?:activate|password\/reset\/confirm)\/[^/]+\/)[^/]+/, "$1[token]");
}

const stdout = pino.destination({ fd: 1, sync: true });
const underVitest = Boolean(process.env.VITEST);

/**
 * Where lines go. In production: stdout, synchronously (nothing is lost when the process exits
 * right after a line, as on a failed shutdown). Under Vitest, warnings and errors go through
 * `console.warn`/`console.error` instead, so the test setup still fails a test on an unexpected
 * error and a test can expect one; tests read lines by replacing `write`.
 */
export const logDestination = {
  write(line: string): void {
    if (!underVitest) {
      stdout.write(line);
      return;
    }
    const { level } = JSON.parse(line) as { level: string };
    if (level === "error" || level === "fatal") console.error(line.trimEnd());
    else console.warn(line.trimEnd());
  },
};

/** LOG_LEVEL when it is one of the levels (getEnv refuses any other value at start), else `info`; `warn` under Vitest. */
export function logLevel(value: string | undefined = process.env.LOG_LEVEL): LogLevel {
  const wanted = value?.trim().toLowerCase();
  if (wanted && (LOG_LEVELS as readonly string[]).includes(wanted)) return wanted as LogLevel;
  return underVitest ? "warn" : "info";
}

export const logger = pino(
  {
    level: logLevel(),
    timestamp: pino.stdTimeFunctions.isoTime,
    // "level":"error" reads better than 50 in a log viewer and in a grep.
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { request_id: requestId } : {};
    },
  },
  logDestination,
);
