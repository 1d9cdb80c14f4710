/**
 * The chat's conversation store (decision “The assistant works offline”, spec §3 Chat message, §4.8, §5 Chat, §7.6): one
 * conversation per `session_id`, its messages, and the turn-taking around the assistant. The REST
 * API (`server/api/chat.ts`) and the chat page (`routes/chat.tsx`, `routes/chat-session.ts`) call
 * only these functions.
 *
 * Decisions (documented here and in the API's OpenAPI text):
 * - Ownership. A conversation started by a signed-in shopper belongs to them: anyone else (another
 *   shopper, or a signed-out caller holding the id) gets "not found" (404), never its messages, and
 *   cannot continue or delete it. A conversation started signed out is held by whoever knows its
 *   random id (the id is the secret); the first signed-in shopper to write in it claims it. The
 *   assistant is only ever given the caller's own user id.
 * - One reply at a time. Writing a reply marks the conversation pending (`pending_since`), in the
 *   same statement that creates or claims it, so two messages racing for one session cannot both
 *   pass: the second is refused (409). A mark older than PENDING_TIMEOUT_SECONDS is stale (a crashed
 *   process) and is taken over. The mark is always cleared, whatever happens to the reply.
 * - Failures. When the assistant fails, the shopper's message is kept and an assistant message with
 *   `isError` (the §8 in-chat text in the page language) is stored after it, so the page shows the
 *   same conversation after a reload; error turns are never shown to the assistant as history.
 * - Forgetting. Conversations are deleted on request (clear chat, leaving the page); those idle for
 *   IDLE_HOURS are deleted by a scheduled job (app/features/jobs), which also covers visitors
 *   without JavaScript, whose pages cannot say they left.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { chatConversations, chatMessages } from "~/db/schema/chat";
import { getCompanyInfo } from "~/features/content/content.server";
import { hitRateLimit } from "~/features/rate-limit/rate-limit.server";
import { en } from "~/i18n/en";
import { es } from "~/i18n/es";
import { type MessageKey, translate } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import type { Env } from "~/utils/env.server";
import { answerQuestion } from "./assistant.server";
import { CHAT_MESSAGE_MAX, type ChatMessage } from "./types";
import { logger } from "~/utils/logger.server";
import { ILL_FORMED_TEXT, textInput } from "~/utils/text";

export type ChatDeps = { db: Db; env: Env; now?: () => Date };

/** Abuse limits: messages per minute per client address and per conversation. */
export const CHAT_RATE_LIMITS = { perIpPerMinute: 30, perSessionPerMinute: 10 } as const;
/** A reply still pending after this long is taken to have died with its process. */
export const PENDING_TIMEOUT_SECONDS = 60;
/** Conversations idle this long are deleted by the scheduled job. */
export const IDLE_HOURS = 24;
/** Longest `att_phone` / `sales_phone` accepted (§7.6 payload; informational only). */
export const CHAT_PHONE_MAX = 40;
/** Earlier turns given to the assistant: the most recent ones, enough for follow-up questions. */
const HISTORY_TURNS = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a chat session id (a UUID, §3). */
export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** A new random session id (§3: one per page visit). */
export function newSessionId(): string {
  return randomUUID();
}

/** Control characters PostgreSQL text refuses (NUL) or that only hide text; line breaks and tabs stay. */
const stripControls = (value: string) => value.replace(/(?![\n\t])\p{Cc}/gu, "");

const PhoneField = textInput({ error: "chat.errors.phone" })
  .transform(stripControls)
  .pipe(textInput().trim().max(CHAT_PHONE_MAX, "chat.errors.phone"))
  .nullish();

/** The §7.6 payload, checked the same way for the API and the page (§5 Chat and the chat's abuse limits). */
export const ChatRequestSchema = z.object({
  session_id: textInput({ error: "chat.errors.sessionId" })
    .trim()
    .regex(UUID, "chat.errors.sessionId")
    .transform((id) => id.toLowerCase()),
  message: textInput({ error: "chat.errors.blank" })
    .transform(stripControls)
    .pipe(textInput().trim().min(1, "chat.errors.blank").max(CHAT_MESSAGE_MAX, "chat.errors.tooLong")),
  att_phone: PhoneField,
  sales_phone: PhoneField,
});

export type ChatField = "session_id" | "message" | "att_phone" | "sales_phone";

/** A refusal or failure: a translation key with its values, and the HTTP status it maps to. */
export type ChatFailure =
  | { ok: false; status: 400; fields: Partial<Record<ChatField, MessageKey>> }
  | { ok: false; status: 404 | 409 | 503; error: MessageKey; messages?: ChatMessage[] }
  | { ok: false; status: 429; error: MessageKey; retryAfterSeconds: number };

export type SendChatResult = { ok: true; question: ChatMessage; reply: ChatMessage } | ChatFailure;

/** Values for a refusal's message placeholders (`{max}`, `{seconds}`). */
export function failureValues(failure: ChatFailure): Record<string, number> {
  if (failure.status === 429) return { seconds: failure.retryAfterSeconds };
  return { max: CHAT_MESSAGE_MAX };
}

/** What a field of the wrong type (a number, an object) is told. */
const FIELD_DEFAULT: Record<ChatField, MessageKey> = {
  session_id: "chat.errors.sessionId",
  message: "chat.errors.blank",
  att_phone: "chat.errors.phone",
  sales_phone: "chat.errors.phone",
};

/** A refusal as the chat page shows it (§8 banner): its first message key and the values it needs. */
export function failureBanner(failure: ChatFailure): { error: MessageKey; values: Record<string, number> } {
  const error = failure.status === 400 ? Object.values(failure.fields)[0] : failure.error;
  return { error: error ?? "chat.errors.failed", values: failureValues(failure) };
}

/** The first message of each broken field, as zod reports them in the schema's order. */
export function chatFieldErrors(error: z.ZodError): Partial<Record<ChatField, MessageKey>> {
  const fields: Partial<Record<ChatField, MessageKey>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "message");
    if (!(field in FIELD_DEFAULT)) continue;
    const key =
      issue.message.startsWith("chat.errors.") || issue.message === ILL_FORMED_TEXT
        ? (issue.message as MessageKey)
        : FIELD_DEFAULT[field as ChatField];
    fields[field as ChatField] ??= key;
  }
  // A body that is not an object names no field: say what is missing.
  if (Object.keys(fields).length === 0) fields.message = "chat.errors.blank";
  return fields;
}

type Row = typeof chatMessages.$inferSelect;

const toMessage = (row: Row): ChatMessage => ({
  role: row.role,
  content: row.content,
  timestamp: row.createdAt.toISOString(),
  ...(row.isError ? { isError: true } : {}),
});

/** The §8 in-chat error, in the page's language, with the support phone (company info `att_phone`). */
export async function inChatErrorText(db: Db, lang: Language): Promise<string> {
  const company = await getCompanyInfo(db, lang).catch(() => null);
  const messages = lang === "en" ? en : es;
  const phone = company?.att_phone?.trim();
  return phone
    ? translate(messages, lang, "chat.errors.inChat", { phone })
    : translate(messages, lang, "chat.errors.inChatNoPhone");
}

/** Whether `userId` may see and write in a conversation owned by `ownerId` (see the header). */
const mayUse = (ownerId: number | null, userId: number | null) => ownerId === null || ownerId === userId;

/**
 * The messages of a conversation, oldest first, for its holder; `[]` when there is none yet, and
 * null when it belongs to someone else (the page then starts a new one).
 */
export async function getConversation(db: Db, sessionId: string, userId: number | null): Promise<ChatMessage[] | null> {
  if (!isSessionId(sessionId)) return null;
  const [conversation] = await db
    .select({ userId: chatConversations.userId })
    .from(chatConversations)
    .where(eq(chatConversations.sessionId, sessionId.toLowerCase()));
  if (!conversation) return [];
  if (!mayUse(conversation.userId, userId)) return null;
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId.toLowerCase()))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return rows.map(toMessage);
}

/**
 * Deletes a conversation and its messages (§4.8 clear chat and leaving, §7.6 DELETE). Only its
 * holder can: for anyone else, as for an unknown id, nothing happens. True when one was deleted.
 */
export async function deleteConversation(db: Db, sessionId: string, userId: number | null): Promise<boolean> {
  if (!isSessionId(sessionId)) return false;
  const owner =
    userId === null
      ? sql`${chatConversations.userId} IS NULL`
      : sql`(${chatConversations.userId} IS NULL OR ${chatConversations.userId} = ${userId})`;
  const deleted = await db
    .delete(chatConversations)
    .where(and(eq(chatConversations.sessionId, sessionId.toLowerCase()), owner))
    .returning({ sessionId: chatConversations.sessionId });
  return deleted.length > 0;
}

/** Deletes conversations idle for more than IDLE_HOURS (their messages go with them). Returns how many. */
export async function deleteIdleConversations(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - IDLE_HOURS * 3600 * 1000);
  const deleted = await db
    .delete(chatConversations)
    .where(and(lt(chatConversations.updatedAt, before), sql`${chatConversations.pendingSince} IS NULL`))
    .returning({ sessionId: chatConversations.sessionId });
  return deleted.length;
}

/**
 * Creates or takes the conversation for one reply, atomically: the row comes back only when no
 * other reply is pending (or the pending one is stale) and the caller may use it. A signed-in
 * caller claims a conversation started signed out.
 */
async function claimConversation(
  db: Db,
  input: { sessionId: string; userId: number | null; language: Language; now: Date },
): Promise<boolean> {
  const staleBefore = new Date(input.now.getTime() - PENDING_TIMEOUT_SECONDS * 1000).toISOString();
  const claimed = await db
    .insert(chatConversations)
    .values({
      sessionId: input.sessionId,
      userId: input.userId,
      language: input.language,
      pendingSince: input.now,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: chatConversations.sessionId,
      set: {
        pendingSince: sql`excluded.pending_since`,
        updatedAt: sql`excluded.updated_at`,
        language: sql`excluded.language`,
        userId: sql`COALESCE(chat_conversations.user_id, excluded.user_id)`,
      },
      setWhere: sql`(chat_conversations.pending_since IS NULL OR chat_conversations.pending_since < ${staleBefore}::timestamptz)
        AND (chat_conversations.user_id IS NULL OR chat_conversations.user_id = excluded.user_id)`,
    })
    .returning({ sessionId: chatConversations.sessionId });
  return claimed.length > 0;
}

/** Counts one message against the per-address and per-conversation limits. */
async function rateLimit(db: Db, ip: string, sessionId: string, now: Date) {
  const [byIp, bySession] = await Promise.all([
    hitRateLimit(db, [`chat:ip:${ip}`], { limit: CHAT_RATE_LIMITS.perIpPerMinute, windowSeconds: 60, now }),
    hitRateLimit(db, [`chat:session:${sessionId}`], {
      limit: CHAT_RATE_LIMITS.perSessionPerMinute,
      windowSeconds: 60,
      now,
    }),
  ]);
  if (!byIp.ok) return byIp;
  return bySession;
}

export type SendChatInput = {
  sessionId: unknown;
  message: unknown;
  attPhone?: unknown;
  salesPhone?: unknown;
  /** The signed-in caller (cookie session or `Authorization: JWT`), or null. */
  userId: number | null;
  /** The page's language (the reply itself follows the question's language, decision “The assistant works offline”). */
  language: Language;
  /** The client's address, for the rate limit. */
  ip: string;
};

/**
 * One turn of the chat (§4.8, §7.6): checks the message (§5: trimmed, not blank, at most
 * CHAT_MESSAGE_MAX characters) and the session id, the rate limits and that no reply is pending,
 * stores the message, asks the assistant with the conversation so far, and stores its reply.
 */
export async function sendChatMessage(deps: ChatDeps, input: SendChatInput): Promise<SendChatResult> {
  const { db } = deps;
  const parsed = ChatRequestSchema.safeParse({
    session_id: input.sessionId,
    message: input.message,
    att_phone: input.attPhone ?? undefined,
    sales_phone: input.salesPhone ?? undefined,
  });
  if (!parsed.success) return { ok: false, status: 400, fields: chatFieldErrors(parsed.error) };
  const { session_id: sessionId, message } = parsed.data;
  const clock = deps.now ?? (() => new Date());
  const now = clock();

  const limited = await rateLimit(db, input.ip, sessionId, now);
  if (!limited.ok) {
    return { ok: false, status: 429, error: "chat.errors.rateLimited", retryAfterSeconds: limited.retryAfterSeconds };
  }

  if (!(await claimConversation(db, { sessionId, userId: input.userId, language: input.language, now }))) {
    const [existing] = await db
      .select({ userId: chatConversations.userId })
      .from(chatConversations)
      .where(eq(chatConversations.sessionId, sessionId));
    if (existing && !mayUse(existing.userId, input.userId)) {
      return { ok: false, status: 404, error: "chat.errors.notFound" };
    }
    return { ok: false, status: 409, error: "chat.errors.pending" };
  }

  try {
    const earlier = await db
      .select({ role: chatMessages.role, content: chatMessages.content })
      .from(chatMessages)
      .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.isError, false)))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(HISTORY_TURNS);
    const [questionRow] = await db
      .insert(chatMessages)
      .values({ sessionId, role: "user", content: message, createdAt: now })
      .returning();

    let replyText: string;
    let isError = false;
    try {
      const reply = await answerQuestion(
        { db, env: deps.env, now: deps.now },
        {
          message,
          pageLanguage: input.language,
          history: earlier.reverse(),
          userId: input.userId,
          attPhone: parsed.data.att_phone || undefined,
          salesPhone: parsed.data.sales_phone || undefined,
        },
      );
      replyText = reply.text;
    } catch (error) {
      logger.error({ err: error }, "Chat assistant failed");
      replyText = await inChatErrorText(db, input.language);
      isError = true;
    }
    // The reply comes after the question even when the clock has not moved (injected clocks).
    const repliedAt = new Date(Math.max(clock().getTime(), now.getTime() + 1));
    const [replyRow] = await db
      .insert(chatMessages)
      .values({ sessionId, role: "assistant", content: replyText, isError, createdAt: repliedAt })
      .returning();
    if (isError) {
      return {
        ok: false,
        status: 503,
        error: "chat.errors.unavailable",
        messages: [toMessage(questionRow), toMessage(replyRow)],
      };
    }
    return { ok: true, question: toMessage(questionRow), reply: toMessage(replyRow) };
  } finally {
    await db
      .update(chatConversations)
      .set({ pendingSince: null, updatedAt: clock() })
      .where(eq(chatConversations.sessionId, sessionId));
  }
}
