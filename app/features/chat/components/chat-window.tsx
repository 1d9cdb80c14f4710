import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { useRootData } from "~/components/root-data";
import type { MessageKey, TFunction } from "~/i18n/i18n";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import { CHAT_MESSAGE_MAX, type ChatMessage } from "../types";
import { ChatBubble } from "./chat-bubble";
import { ChatHeader } from "./chat-header";
import { ChatIntro } from "./chat-intro";
import { CHAT_FOCUS } from "./chat-styles";

/** What the page's JSON route (`/{lang}/chat/session`) answers. */
export type ChatSessionAnswer =
  | { ok: true; question: ChatMessage; reply: ChatMessage }
  | { ok: true; sessionId: string }
  | { ok: false; error: string; values?: Record<string, number> };

/** A refusal shown as the §8 banner: a translation key and its values (or the fallback text). */
export type ChatBanner = { error: string; values?: Record<string, number> };

/** A key from the server, or the §8 fallback 'Failed to send message' when it is not one. */
function bannerText(t: TFunction, banner: ChatBanner): string {
  const text = t(banner.error as MessageKey, banner.values);
  return text === banner.error ? t("chat.errors.failed") : text;
}

/** §8: the in-chat error, in the page's language (Spanish on /es as the spec says; English on /en). */
function errorBubbleText(t: TFunction, phone: string | undefined): string {
  return phone ? t("chat.errors.inChat", { phone }) : t("chat.errors.inChatNoPhone");
}

/**
 * §2.20 and §4.8: the customer-service chat. Server-rendered as plain forms that post to the page
 * (the conversation comes back from the database), enhanced once JavaScript runs: messages go to
 * `/{lang}/chat/session` with fetch, the shopper's bubble shows at once, the typing indicator runs
 * and the input waits while a reply is pending, and leaving the page deletes the conversation.
 */
export function ChatWindow(props: {
  sessionId: string;
  messages: ChatMessage[];
  /** A refusal of a post without JavaScript, and what was typed (kept in the input). */
  banner?: ChatBanner | null;
  typed?: string;
}) {
  const t = useT();
  const lang = useLang();
  const { company } = useRootData();
  const phone = company?.att_phone?.trim() || undefined;
  const [sessionId, setSessionId] = useState(props.sessionId);
  const [messages, setMessages] = useState(props.messages);
  const [text, setText] = useState(props.typed ?? "");
  const [pending, setPending] = useState(false);
  const [banner, setBanner] = useState<ChatBanner | null>(props.banner ?? null);
  const [notice, setNotice] = useState("");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const clearRef = useRef<HTMLDetailsElement>(null);
  const endpoint = localePath(lang, "/chat/session");
  const page = localePath(lang, "/chat");

  // Leaving (§4.8): page unload, the back button and any navigation away all delete the
  // conversation; `sendBeacon` survives the page going away (failures are only ignored, §7.6).
  const leaving = useRef({ sessionId, hasMessages: messages.length > 0 });
  leaving.current = { sessionId, hasMessages: messages.length > 0 };
  useEffect(() => {
    const leave = () => {
      if (!leaving.current.hasMessages) return;
      const body = new FormData();
      body.set("intent", "leave");
      body.set("session_id", leaving.current.sessionId);
      try {
        navigator.sendBeacon?.(endpoint, body);
      } catch {
        // Nothing to do: idle conversations are deleted after a day anyway.
      }
      leaving.current.hasMessages = false;
    };
    // Back from the browser's page cache: the conversation was deleted when the page was hidden.
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setMessages([]);
    };
    window.addEventListener("pagehide", leave);
    window.addEventListener("pageshow", shown);
    return () => {
      window.removeEventListener("pagehide", leave);
      window.removeEventListener("pageshow", shown);
      leave();
    };
  }, [endpoint]);

  // §4.8: the input is focused on open and after each reply; the view follows the newest message.
  useEffect(() => {
    if (!pending) inputRef.current?.focus();
  }, [pending]);
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, pending]);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const message = text.trim();
    // §4.8: ignored when blank or while a reply is pending.
    if (!message || pending) return;
    const question: ChatMessage = { role: "user", content: message, timestamp: new Date().toISOString() };
    setMessages((list) => [...list, question]);
    setText("");
    setBanner(null);
    setNotice("");
    setPending(true);
    const body = new FormData();
    body.set("intent", "send");
    body.set("session_id", sessionId);
    body.set("message", message);
    let answer: ChatSessionAnswer | null = null;
    try {
      const response = await fetch(endpoint, { method: "POST", body, headers: { Accept: "application/json" } });
      answer = (await response.json().catch(() => null)) as ChatSessionAnswer | null;
      if (answer?.ok && !response.ok) answer = null;
    } catch {
      answer = null;
    }
    if (answer?.ok && "reply" in answer) {
      const { reply } = answer;
      setMessages((list) => [...list, reply]);
    } else {
      setBanner(
        answer && !answer.ok ? { error: answer.error, values: answer.values } : { error: "chat.errors.failed" },
      );
      setMessages((list) => [
        ...list,
        { role: "assistant", content: errorBubbleText(t, phone), timestamp: new Date().toISOString(), isError: true },
      ]);
    }
    setPending(false);
  }

  async function clear(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData();
    body.set("intent", "clear");
    body.set("session_id", sessionId);
    let next: string | null = null;
    try {
      const response = await fetch(endpoint, { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = (await response.json()) as ChatSessionAnswer;
      if (answer.ok && "sessionId" in answer) next = answer.sessionId;
    } catch {
      // §7.6: a failed delete is only ignored; a new session still starts below.
    }
    next ??= typeof crypto.randomUUID === "function" ? crypto.randomUUID() : sessionId;
    setSessionId(next);
    setMessages([]);
    setBanner(null);
    setNotice(t("chat.cleared"));
    if (clearRef.current) clearRef.current.open = false;
    inputRef.current?.focus();
  }

  /** A suggestion fills the input (§2.20); without JavaScript it is sent as the message. */
  function suggest(event: MouseEvent<HTMLButtonElement>, value: string) {
    event.preventDefault();
    setText(value);
    inputRef.current?.focus();
  }

  const last = messages.length - 1;
  return (
    <div className="mx-auto flex max-w-3xl flex-col px-2 py-3 sm:px-4 sm:py-6">
      <section
        aria-labelledby="chat-title"
        className="flex flex-col overflow-visible rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <ChatHeader
          pending={pending}
          hasMessages={messages.length > 0}
          sessionId={sessionId}
          hydrated={hydrated}
          clearRef={clearRef}
          onClear={clear}
        />

        {banner && (
          <div role="alert" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm font-medium text-red-800">
            {bannerText(t, banner)}
          </div>
        )}
        <p role="status" className={notice ? "px-4 pt-2 text-sm text-emerald-800" : "sr-only"}>
          {notice}
        </p>

        <div
          ref={logRef}
          role="log"
          aria-label={t("chat.log")}
          // A scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
          tabIndex={0}
          className={`h-[58vh] min-h-72 overflow-y-auto overscroll-contain px-2 py-3 sm:px-4 ${CHAT_FOCUS}`}
        >
          {messages.length === 0 ? (
            <ChatIntro sessionId={sessionId} onSuggest={suggest} />
          ) : (
            <ol className="flex flex-col gap-3">
              {messages.map((message, index) => (
                <li
                  // The conversation only grows or empties: the position is a stable key.
                  key={index}
                  id={index === last ? "latest" : undefined}
                  className={`flex ${message.role === "user" ? "justify-end" : "justify-start"}`}
                >
                  <ChatBubble message={message} lang={lang} t={t} />
                </li>
              ))}
            </ol>
          )}
          <div role="status" aria-live="polite" className="mt-3">
            {pending ? (
              <div className="inline-flex items-center gap-2 rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-3 text-sm text-slate-700">
                <span aria-hidden="true" className="flex gap-1">
                  {[0, 150, 300].map((delay) => (
                    <span
                      key={delay}
                      className="size-2 animate-bounce rounded-full bg-slate-500"
                      style={{ animationDelay: `${delay}ms` }}
                    />
                  ))}
                </span>
                <span className="sr-only">{t("chat.typing")}</span>
              </div>
            ) : null}
          </div>
        </div>

        <form
          method="post"
          action={`${page}#latest`}
          onSubmit={send}
          className="flex items-end gap-2 border-t border-slate-200 p-2 sm:p-3"
        >
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="session_id" value={sessionId} />
          <label htmlFor="chat-message" className="sr-only">
            {t("chat.input.label")}
          </label>
          <input
            ref={inputRef}
            id="chat-message"
            name="message"
            type="text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            disabled={pending}
            required
            maxLength={CHAT_MESSAGE_MAX}
            autoComplete="off"
            placeholder={t("chat.input.placeholder")}
            className="min-h-11 min-w-0 flex-1 rounded-full border border-slate-400 bg-white px-4 text-base text-slate-900 placeholder:text-slate-600 focus-visible:border-blue-700 focus-visible:outline-2 focus-visible:outline-blue-700 disabled:bg-slate-100"
          />
          <button
            type="submit"
            disabled={pending}
            className={`inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full bg-blue-700 px-4 text-sm font-semibold text-white hover:bg-blue-800 disabled:bg-slate-400 ${CHAT_FOCUS}`}
          >
            {t("chat.send")}
          </button>
        </form>
      </section>
    </div>
  );
}
