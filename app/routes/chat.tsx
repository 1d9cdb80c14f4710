import { data, redirect } from "react-router";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { ChatWindow } from "~/features/chat/components/chat-window";
import {
  deleteConversation,
  failureBanner,
  getConversation,
  isSessionId,
  newSessionId,
  sendChatMessage,
} from "~/features/chat/conversations.server";
import { CHAT_MESSAGE_MAX } from "~/features/chat/types";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/chat";
import { readForm } from "~/utils/forms.server";

/**
 * §2.20 customer-service chat. Each visit gets a new random session id (§3), made here on the
 * server. Without JavaScript the page is two forms that post here: a message comes back as a
 * redirect to `?session=<id>#latest`, whose loader shows the conversation from the database (only
 * to its holder: a signed-in shopper's conversation to them, a signed-out one to whoever has the
 * id, which is random and never shown to anyone else); a refusal is shown at once with what was
 * typed. With JavaScript the page talks to `chat/session` instead (`chat-session.ts`).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireLanguage(request, params.lang);
  const { db, user } = context.get(appContext);
  const asked = new URL(request.url).searchParams.get("session");
  if (isSessionId(asked)) {
    const messages = await getConversation(db, asked, user?.id ?? null);
    if (messages) return { sessionId: asked.toLowerCase(), messages };
  }
  return { sessionId: newSessionId(), messages: [] };
}

/** A conversation is personal, and the page carries a fresh session id: no cache may keep it. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** The forms without JavaScript: `intent=send` (one turn, §4.8) and `intent=clear` (after the confirm step). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, env, user, clientIp } = context.get(appContext);
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const sessionId = field("session_id") ?? "";
  const userId = user?.id ?? null;
  if (field("intent") === "clear") {
    await deleteConversation(db, sessionId, userId);
    return redirect(localePath(lang, "/chat"), 303);
  }
  const typed = field("message") ?? "";
  const result = await sendChatMessage(
    { db, env },
    { sessionId, message: typed, userId, language: lang, ip: clientIp },
  );
  if (result.ok) return redirect(`${localePath(lang, "/chat")}?session=${sessionId.toLowerCase()}#latest`, 303);
  // A refusal: the same page again, with the banner, what was typed, and the conversation so far.
  const valid = isSessionId(sessionId);
  const messages = valid ? await getConversation(db, sessionId, userId) : null;
  return data(
    {
      sessionId: valid && messages ? sessionId.toLowerCase() : newSessionId(),
      messages: messages ?? [],
      banner: failureBanner(result),
      typed: result.status === 503 ? "" : typed.slice(0, CHAT_MESSAGE_MAX),
    },
    {
      status: result.status,
      headers: result.status === 429 ? { "Retry-After": String(result.retryAfterSeconds) } : {},
    },
  );
}

export const meta: Route.MetaFunction = (args) => {
  const t = metaT(args);
  return pageMeta(args, { title: t("chat.title"), description: t("chat.metaDescription") });
};

export default function Chat({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? { ...loaderData, banner: null, typed: "" };
  return (
    <ChatWindow
      // A new session (a fresh visit, or a post without JavaScript) starts a fresh window.
      key={state.sessionId}
      sessionId={state.sessionId}
      messages={state.messages}
      banner={state.banner}
      typed={state.typed}
    />
  );
}
