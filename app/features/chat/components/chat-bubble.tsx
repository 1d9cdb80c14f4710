import { Link } from "~/components/router-links";
import type { TFunction } from "~/i18n/i18n";
import { STORE_TIME_ZONE } from "~/utils/dates";
import { readReply } from "../reply-links";
import type { ChatMessage } from "../types";

/** The time of day of a message, in the page's language, in Havana (24-hour: the same on server and browser). */
function timeOfDay(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "es-ES", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: STORE_TIME_ZONE,
  }).format(date);
}

/** One message: the shopper on the right, the assistant on the left, errors in red, with the time of day. */
export function ChatBubble({ message, lang, t }: { message: ChatMessage; lang: string; t: TFunction }) {
  const mine = message.role === "user";
  const tone = mine
    ? "rounded-br-sm bg-blue-700 text-white"
    : message.isError
      ? "rounded-bl-sm border border-red-300 bg-red-50 text-red-800"
      : "rounded-bl-sm bg-slate-100 text-slate-900";
  return (
    <div
      className={`max-w-[85%] rounded-2xl px-3 py-2 sm:max-w-[75%] ${tone}`}
      data-chat-role={message.role}
      data-chat-error={message.isError ? "" : undefined}
    >
      <p className="sr-only">{mine ? t("chat.you") : t("chat.assistant")}:</p>
      <div className="text-[0.95rem] leading-relaxed break-words">
        {mine ? message.content : <ReplyText text={message.content} />}
      </div>
      <time
        dateTime={message.timestamp}
        className={`mt-1 block text-right text-xs ${mine ? "text-blue-100" : message.isError ? "text-red-800" : "text-slate-600"}`}
      >
        {timeOfDay(message.timestamp, lang)}
      </time>
    </div>
  );
}

/** A reply as text with same-site links (`reply-links.ts`); line breaks kept. Never HTML. */
function ReplyText({ text }: { text: string }) {
  const lines = readReply(text);
  return (
    <>
      {lines.map((pieces, index) => (
        // Lines never move: the position is a stable key.
        <span key={index}>
          {index > 0 && <br />}
          {pieces.map((piece, at) =>
            piece.kind === "link" ? (
              <Link
                key={at}
                to={piece.href}
                className="font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900"
              >
                {piece.label}
              </Link>
            ) : (
              <span key={at}>{piece.text}</span>
            ),
          )}
        </span>
      ))}
    </>
  );
}
