/**
 * The customer-service chat calls of spec §7.6 (§4.8, §5 Chat, §8 Chat; decision “The assistant works offline”): a thin
 * adapter over `~/features/chat/conversations.server`, which holds the rules (ownership, one reply
 * at a time, limits, forgetting). Authentication is optional: `Authorization: JWT <access>` makes
 * the caller a signed-in shopper whose own orders the assistant may use; a bad or expired token is
 * a 401 rather than a silent downgrade. The web page does not call this API: it posts to its own
 * routes with the session cookies (ARCHITECTURE.md), through the same feature functions.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Db } from "~/db/client.server";
import {
  CHAT_PHONE_MAX,
  CHAT_RATE_LIMITS,
  type ChatFailure,
  chatFieldErrors,
  deleteConversation,
  failureValues,
  isSessionId,
  sendChatMessage,
} from "~/features/chat/conversations.server";
import { CHAT_MESSAGE_MAX } from "~/features/chat/types";
import { interpolate } from "~/i18n/i18n";
import { type Language, parseLanguage } from "~/i18n/languages";
import type { Env } from "~/utils/env.server";
import { clientIp } from "../proxy";
import { getApiUser, messageFor, requestLanguage } from "./auth-user";
import { ErrorSchema, LanguageField, createRouter, errorResponse, jsonContent, requireJson } from "./http";
import { textInput } from "~/utils/text";

const tags = ["chat"];
/** Optional: no token, or `Authorization: JWT <access>`. */
const security: Array<Record<string, string[]>> = [{}, { jwt: [] }];

const ChatBody = z
  .object({
    session_id: textInput().openapi({
      description: "A UUID generated per page visit (§3); the conversation's key.",
      example: "3b241101-e2bb-4255-8caf-4136c566a962",
    }),
    message: textInput().openapi({
      description: `Trimmed; not blank, at most ${CHAT_MESSAGE_MAX} characters (§5).`,
      example: "¿Cuánto cuesta el envío?",
    }),
    att_phone: textInput()
      .optional()
      .openapi({ description: `Informational (§7.6); at most ${CHAT_PHONE_MAX} characters.` }),
    sales_phone: textInput()
      .optional()
      .openapi({ description: `Informational (§7.6); at most ${CHAT_PHONE_MAX} characters.` }),
    language: LanguageField,
  })
  .openapi("ChatRequest");

const FieldErrorsSchema = z.record(textInput(), z.array(textInput())).openapi("ChatFieldErrors", {
  description: 'djoser field errors: `{"message": ["Please type a message."]}`, `{"session_id": [...]}`.',
  example: { message: ["Escribe un mensaje."] },
});

const SessionParams = z.object({
  sessionId: textInput().openapi({
    param: { name: "sessionId", in: "path" },
    example: "3b241101-e2bb-4255-8caf-4136c566a962",
  }),
});

/** The language of the answer: the body's `language`, else `?lang=` / `Accept-Language` (decision “Every message in both languages”). */
function bodyLanguage(c: Context, body: unknown): Language {
  const language = body && typeof body === "object" ? (body as { language?: unknown }).language : undefined;
  return typeof language === "string" ? parseLanguage(language) : requestLanguage(c);
}

/** A refusal in the API's shapes: field errors djoser-style, the rest `{error}` (429: `detail` too). */
function refusal(c: Context, lang: Language, failure: ChatFailure) {
  const values = failureValues(failure);
  if (failure.status === 400) {
    const fields = Object.entries(failure.fields).map(([field, key]) => [
      field,
      [interpolate(messageFor(lang, key), values)],
    ]);
    return c.json(Object.fromEntries(fields) as Record<string, string[]>, 400);
  }
  const error = interpolate(messageFor(lang, failure.error), values);
  if (failure.status === 429) {
    c.header("Retry-After", String(failure.retryAfterSeconds));
    return c.json({ error, detail: error }, 429);
  }
  return c.json({ error }, failure.status);
}

/** The §7.6 chat routes. */
export function createChatRoutes(deps: { db: Db; env: Env }) {
  const app = createRouter();

  /** The caller: null without a token; undefined (answer 401) for a token that does not work. */
  const caller = async (c: Context): Promise<number | null | undefined> => {
    const found = await getApiUser(deps, c.req.raw);
    if (found.user) return found.user.id;
    return found.reason === "missing" ? null : undefined;
  };
  const unauthorized = (c: Context) => {
    const message = messageFor(requestLanguage(c), "accounts.errors.tokenInvalid");
    c.header("WWW-Authenticate", 'JWT realm="api"');
    return c.json({ error: message, detail: message, code: "token_not_valid" }, 401);
  };

  const chatRoute = createRoute({
    method: "post",
    path: "/api/customer_service/chat",
    tags,
    summary: "Sends a message to the customer-service assistant and returns its reply (§7.6, D23)",
    description:
      "The reply is plain text; links are written `[label](/es/product/12)` (paths of this site only). " +
      "Authentication is optional (a signed-in shopper may ask about their own orders). A conversation " +
      "started by a signed-in shopper answers 404 to anyone else. While a reply is pending for the session, " +
      `another message is refused with 409. At most ${CHAT_RATE_LIMITS.perIpPerMinute} messages per minute ` +
      `per client address and ${CHAT_RATE_LIMITS.perSessionPerMinute} per session (429, Retry-After). ` +
      "When the assistant fails the answer is 503 `{error}`; the conversation stays usable.",
    security,
    middleware: [requireJson] as const,
    request: { body: { content: { "application/json": { schema: ChatBody } }, required: true } },
    responses: {
      200: jsonContent(z.object({ response: textInput() }).openapi("ChatReply"), "The assistant's reply"),
      400: jsonContent(FieldErrorsSchema, "Blank or too long message, session id not a UUID, phone too long"),
      401: errorResponse("An Authorization header whose token does not work"),
      404: errorResponse("The session belongs to another shopper"),
      409: errorResponse("A reply is still pending for this session"),
      413: errorResponse("Body over 64 KB"),
      415: errorResponse("Not a JSON body"),
      429: jsonContent(ErrorSchema, "Too many messages; see Retry-After"),
      503: errorResponse("The assistant could not answer; try again"),
    },
  });

  const deleteRoute = createRoute({
    method: "delete",
    path: "/api/customer_service/conversation/{sessionId}/delete",
    tags,
    summary: "Deletes the conversation of a session (§4.8 clear chat, leaving the page)",
    description:
      "204 whether or not there was one to delete: an unknown session, or one that belongs to another " +
      "shopper, is left alone and answered the same (nothing is revealed). Clients only log failures (§7.6).",
    security,
    request: { params: SessionParams },
    responses: {
      204: { description: "Deleted, or nothing to delete" },
      400: jsonContent(FieldErrorsSchema, "The session id is not a UUID"),
      401: errorResponse("An Authorization header whose token does not work"),
    },
  });

  app.openapi(
    chatRoute,
    async (c) => {
      const body = c.req.valid("json");
      const lang = bodyLanguage(c, body);
      const userId = await caller(c);
      if (userId === undefined) return unauthorized(c);
      const result = await sendChatMessage(deps, {
        sessionId: body.session_id,
        message: body.message,
        attPhone: body.att_phone,
        salesPhone: body.sales_phone,
        userId,
        language: lang,
        ip: clientIp(c),
      });
      if (!result.ok) return refusal(c, lang, result);
      return c.json({ response: result.reply.content }, 200);
    },
    // A body of the wrong shape (a number for `message`, no `session_id`) answers like a bad value.
    (result, c) =>
      result.success
        ? undefined
        : refusal(c, bodyLanguage(c, (result as { data?: unknown }).data), {
            ok: false,
            status: 400,
            fields: chatFieldErrors(result.error),
          }),
  );

  app.openapi(deleteRoute, async (c) => {
    const { sessionId } = c.req.valid("param");
    if (!isSessionId(sessionId)) {
      return c.json({ session_id: [messageFor(requestLanguage(c), "chat.errors.sessionId")] }, 400);
    }
    const userId = await caller(c);
    if (userId === undefined) return unauthorized(c);
    await deleteConversation(deps.db, sessionId, userId);
    return c.body(null, 204);
  });

  return app;
}
