/**
 * What every REST route group shares (spec §7, ARCHITECTURE.md "REST API"): the router factory
 * with one validation-error format, JSON error bodies, the body-size limit, caching headers and
 * the common parameters. Route files stay thin adapters over the feature modules.
 */
import { type Hook, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, ErrorHandler, MiddlewareHandler } from "hono";
import type { BlankEnv } from "hono/types";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type MessageKey, translate } from "~/i18n/i18n";
import { en } from "~/i18n/en";
import { es } from "~/i18n/es";
import { type Language, parseLanguage } from "~/i18n/languages";
import { pageLanguage } from "~/i18n/links";
import { currentRequestId, loggedPath, logger } from "~/utils/logger.server";
import { errorPageHtml, prefersHtml } from "../error-page";
import { textInput } from "~/utils/text";

/** Request bodies above this size are refused with 413 before anything parses them. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Highest `?p=` accepted: far beyond any catalogue, low enough to keep OFFSET cheap. */
export const MAX_PAGE = 100_000;

/** The error body of every 4xx/5xx answer of the API. */
export const ErrorSchema = z
  .object({
    error: textInput().openapi({ example: "Product not found" }),
    details: z
      .array(z.object({ path: textInput(), message: textInput() }))
      .optional()
      .openapi({ description: "One entry per invalid field (validation errors only)." }),
    detail: textInput()
      .optional()
      .openapi({ description: "401 only: the same message, where djoser clients read it." }),
    code: textInput().optional().openapi({ description: "401 only: `token_not_valid` for a bad or expired token." }),
  })
  .openapi("Error");

/** JSON content of a response, for createRoute. */
export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { content: { "application/json": { schema } }, description };
}

export const errorResponse = (description: string) => jsonContent(ErrorSchema, description);

/** `?lang=`: `en` localises per decision “Names in both languages”; any other value (or none) means Spanish (§2.1). */
export const LangQuery = textInput()
  .optional()
  .openapi({
    param: { name: "lang", in: "query" },
    description: "`en` for English; anything else is Spanish.",
    example: "en",
  });

/** `?p=`: 1-based page of 42 results (§9). */
export const PageQuery = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE)
  .default(1)
  .openapi({ param: { name: "p", in: "query" }, description: "1-based page of 42 results.", example: 1 });

/** A `language` field of a JSON body, read like `?lang=`. */
export const LanguageField = textInput()
  .optional()
  .openapi({ description: "`en` for English; anything else is Spanish.", example: "es" });

function messagesFor(lang: Language) {
  return lang === "en" ? en : es;
}

/** A message of the interface catalogues in the request's language (decision “Every message in both languages”), for API answers. */
export function apiMessage(lang: Language, key: MessageKey): string {
  return translate(messagesFor(lang), lang, key);
}

/**
 * Validation failures (decision “Listing filters”: an unknown value is a 400 with a clear error, never a silent default)
 * become `400 { error, details }`. Feature schemas carry translation keys as messages (docs/style.md);
 * they are translated here in the request's language, other messages are prefixed by the field.
 */
export const validationHook: Hook<unknown, BlankEnv, string, Response | undefined> = (result, c) => {
  if (result.success) return undefined;
  // The validator passes the raw input along even on failure: a body's `language` picks the
  // language of the messages.
  const raw = (result as { data?: unknown }).data;
  const bodyLanguage =
    result.target === "json" && raw && typeof raw === "object" ? (raw as { language?: unknown }).language : undefined;
  const lang = parseLanguage(c.req.query("lang") ?? (typeof bodyLanguage === "string" ? bodyLanguage : undefined));
  const details = result.error.issues.slice(0, 20).map((issue) => {
    const path = issue.path.map(String).join(".");
    const messages = messagesFor(lang);
    const isKey = Object.hasOwn(messages, issue.message);
    const message = isKey ? translate(messages, lang, issue.message) : issue.message;
    return { path: path || result.target, message, isKey };
  });
  const first = details[0];
  const error = !first ? "Invalid request" : first.isKey ? first.message : `${first.path}: ${first.message}`;
  return c.json({ error, details: details.map(({ path, message }) => ({ path, message })) }, 400);
};

/** A router for one resource group, with the shared validation hook. */
export function createRouter() {
  return new OpenAPIHono<BlankEnv>({ defaultHook: validationHook });
}

/**
 * Catalogue reads may be kept briefly by browsers and proxies (the data changes rarely), then
 * revalidated: `apiCaching` adds the ETag that a revalidation answers 304 to.
 */
export function setPublicCache(c: Context) {
  c.header("Cache-Control", "public, max-age=60, must-revalidate");
}

/** Personal or changing answers: kept by no cache, the browser's included. */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * Caching of every API answer: whatever a route did not mark public (`setPublicCache`)
 * is `private, no-store`, so an authenticated answer, a token or an error is never kept by a
 * shared cache; a public 200 gets a strong ETag of its body, and `If-None-Match` a 304.
 */
export const apiCaching: MiddlewareHandler = async (c, next) => {
  await next();
  const cacheControl = c.res.headers.get("Cache-Control");
  if (!cacheControl) {
    c.res.headers.set("Cache-Control", PRIVATE_NO_STORE);
    return;
  }
  if (!cacheControl.startsWith("public") || c.res.status !== 200 || !["GET", "HEAD"].includes(c.req.method)) return;
  const body = new Uint8Array(await c.res.clone().arrayBuffer());
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", body));
  const etag = `"${Buffer.from(digest).toString("base64url")}"`;
  c.res.headers.set("ETag", etag);
  const wanted = c.req.header("if-none-match");
  if (wanted && wanted.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    c.res = new Response(null, { status: 304, headers: c.res.headers });
    c.res.headers.delete("Content-Type");
    c.res.headers.delete("Content-Length");
  }
};

/** How long, and how much, an oversized upload is still read (and dropped) after its 413. */
const LINGER_MS = 3_000;
const LINGER_BYTES = 128 * 1024 * 1024;

/**
 * After answering 413 early, what the client is still sending is read and dropped for a little
 * while before the connection is cut (a "lingering close", as nginx does): closing at once would
 * reset the connection while the client is still writing, and the client would lose the answer.
 * Nothing is kept, so memory stays flat; a client that goes on past the bounds is disconnected.
 */
function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  let dropped = 0;
  const deadline = Date.now() + LINGER_MS;
  const timer = setTimeout(() => void reader.cancel().catch(() => {}), LINGER_MS);
  timer.unref?.();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        dropped += value.byteLength;
        if (dropped > LINGER_BYTES || Date.now() > deadline) {
          await reader.cancel();
          break;
        }
      }
    } catch {
      // The client went away: nothing left to drop.
    } finally {
      clearTimeout(timer);
    }
  })();
}

/**
 * Refuses request bodies over `maxBytes` with 413, on every route (pages included; a route
 * that needs more, the back office's image forms, gets its own bound in `applyHttpMiddleware`).
 * A declared Content-Length is refused before a byte of the body is parsed; otherwise the body is
 * read with the cap enforced (a chunked or lying client cannot get past it) and handed on
 * buffered, so nothing downstream ever reads an unbounded stream. The rest of a refused upload is
 * dropped unparsed (`dropRest`). `overLimit` answers instead of the 413 when given (the rest of the
 * body is dropped all the same).
 */
export function limitBody(maxBytes = MAX_BODY_BYTES, overLimit?: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const reader = raw.body.getReader();
    const tooLarge = () => {
      // No `Connection: close`: Node would cut the socket as soon as the answer is out (see dropRest).
      dropRest(reader);
      if (overLimit) return overLimit(c, next);
      const message = `Request body too large (limit ${Math.round(maxBytes / 1024)} KB)`;
      if (/text\/html/.test(c.req.header("accept") ?? "")) {
        return c.text(`Solicitud demasiado grande. / ${message}.`, 413);
      }
      return c.json({ error: message }, 413);
    };
    const declared = Number(raw.headers.get("content-length") ?? "0");
    if (!(declared <= maxBytes)) return tooLarge();
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) return tooLarge();
        chunks.push(value);
      }
    } catch {
      // The client went away or sent a broken stream: nothing to answer that it could use.
      return c.json({ error: "Could not read the request body" }, 400);
    }
    const body = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      body.set(chunk, at);
      at += chunk.byteLength;
    }
    const headers = new Headers(raw.headers);
    headers.delete("transfer-encoding");
    headers.set("content-length", String(size));
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body, signal: raw.signal });
    return next();
  };
}

/** Hono's own test for a JSON body (hono/validator): anything it would not parse is refused here. */
const JSON_CONTENT_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/;

/**
 * JSON bodies only: Hono's validator silently treats any other content type as `{}`, which would
 * let a form post run with defaults. Answer 415 instead.
 */
export const requireJson: MiddlewareHandler = async (c, next) => {
  if (!JSON_CONTENT_TYPE.test(c.req.header("content-type") ?? "")) {
    return c.json({ error: "Content-Type must be application/json" }, 415);
  }
  return next();
};

/** 404 for any unknown `/api/*` or `/auth/*` path (instead of the HTML page of the web app). */
export function notFound(c: Context) {
  return c.json({ error: "Not found" }, 404);
}

/**
 * Last resort, for the API and (server/app.ts) every other Hono handler: HTTP errors keep their
 * status with a JSON body; anything else is logged once, with its stack, and answered 500 without
 * internals (no stack or message to clients), carrying the request id to quote. A browser
 * gets a small HTML page instead of JSON. A request whose client went away is not an error.
 */
export const handleError: ErrorHandler = (err, c) => {
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? "Request body too large" : err.message || "Bad request";
    return c.json({ error: message }, status as ContentfulStatusCode);
  }
  const requestId = currentRequestId();
  if (c.req.raw.signal.aborted) {
    logger.info({ method: c.req.method, path: loggedPath(c.req.path) }, "The client went away before the answer");
    return c.body(null, 500);
  }
  logger.error({ err, method: c.req.method, path: loggedPath(c.req.path) }, "Request failed");
  if (prefersHtml(c.req.header("accept"))) {
    return c.html(errorPageHtml(pageLanguage(c.req.path), requestId), 500);
  }
  return c.json({ error: "Internal server error", request_id: requestId }, 500);
};
