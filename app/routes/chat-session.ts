import { appContext } from "~/context";
import { deleteConversation, failureBanner, newSessionId, sendChatMessage } from "~/features/chat/conversations.server";
import type { ChatSessionAnswer } from "~/features/chat/components/chat-window";
import { requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/chat-session";
import { readForm } from "~/utils/forms.server";

/**
 * The chat page's own calls once JavaScript runs (§4.8), answered as JSON: `intent=send` (one
 * turn), `intent=clear` (delete, and a new session id) and `intent=leave` (delete, for
 * `navigator.sendBeacon`, which can only POST). The shopper is the cookie session's (decision “Tokens in cookies”), the
 * same rules as the REST API's (§7.6) through the same feature functions. Cross-site posts are
 * refused before this runs (server/session.ts); a same-origin beacon carries `Sec-Fetch-Site:
 * same-origin` and passes.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, env, user, clientIp } = context.get(appContext);
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const intent = field("intent");
  const sessionId = field("session_id") ?? "";
  const userId = user?.id ?? null;

  if (intent === "leave") {
    await deleteConversation(db, sessionId, userId);
    return new Response(null, { status: 204 });
  }
  if (intent === "clear") {
    await deleteConversation(db, sessionId, userId);
    return answer({ ok: true, sessionId: newSessionId() });
  }
  if (intent !== "send") return answer({ ok: false, error: "chat.errors.failed" }, { status: 400 });

  const result = await sendChatMessage(
    { db, env },
    { sessionId, message: field("message"), userId, language: lang, ip: clientIp },
  );
  if (result.ok) return answer({ ok: true, question: result.question, reply: result.reply });
  return answer(
    { ok: false, ...failureBanner(result) },
    {
      status: result.status,
      headers: result.status === 429 ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
    },
  );
}

/** A JSON answer (a resource route: the page's script reads it with fetch). */
const answer = (body: ChatSessionAnswer, init?: ResponseInit) => Response.json(body, init);
