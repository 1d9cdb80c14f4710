import type { RefObject, FormEvent } from "react";
import { Link } from "~/components/router-links";
import { ChevronLeftIcon, HeadsetIcon, Icon } from "~/components/icons";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import { CHAT_FOCUS } from "./chat-styles";

/**
 * The chat's title bar: back to the home page, the assistant's status (typing while a reply is
 * pending), and once there are messages the prompt that clears the conversation. Without
 * JavaScript the prompt is a plain form that posts to the page.
 */
export function ChatHeader({
  pending,
  hasMessages,
  sessionId,
  hydrated,
  clearRef,
  onClear: clear,
}: {
  pending: boolean;
  hasMessages: boolean;
  sessionId: string;
  hydrated: boolean;
  /** The clear prompt's `<details>`, closed by the window once the conversation is cleared. */
  clearRef: RefObject<HTMLDetailsElement | null>;
  onClear: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const t = useT();
  const lang = useLang();
  const page = localePath(lang, "/chat");
  return (
    <header className="relative flex items-center gap-2 border-b border-slate-200 px-2 py-2 sm:gap-3 sm:px-4 sm:py-3">
      <Link
        to={localePath(lang, "/")}
        className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 ${CHAT_FOCUS}`}
      >
        <ChevronLeftIcon size={24} />
        <span className="sr-only">{t("chat.back")}</span>
      </Link>
      <span
        aria-hidden="true"
        className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-blue-700 text-white min-[400px]:inline-flex"
      >
        <HeadsetIcon size={22} />
      </span>
      <div className="min-w-0 flex-1">
        <h1 id="chat-title" className="text-base leading-tight font-bold text-slate-900 sm:text-lg">
          {t("chat.title")}
        </h1>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
          <span className="inline-flex items-center gap-1.5" data-chat-status>
            <span
              aria-hidden="true"
              className={`size-2 rounded-full ${pending ? "animate-pulse bg-amber-500" : "bg-emerald-600"}`}
            />
            {pending ? t("chat.status.typing") : t("chat.status.online")}
          </span>
          <span className="text-slate-600">{t("chat.available")}</span>
        </p>
      </div>
      {hasMessages && (
        <details ref={clearRef} className="group shrink-0">
          <summary
            className={`inline-flex min-h-11 cursor-pointer list-none items-center rounded-full border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 ${CHAT_FOCUS} [&::-webkit-details-marker]:hidden`}
          >
            <Icon size={18} className="sm:mr-1.5">
              <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
            </Icon>
            <span className="sr-only sm:not-sr-only">{t("chat.clear.open")}</span>
          </summary>
          <form
            method="post"
            action={page}
            onSubmit={clear}
            className="absolute top-full right-2 z-10 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
          >
            <input type="hidden" name="intent" value="clear" />
            <input type="hidden" name="session_id" value={sessionId} />
            <p className="text-sm text-slate-800">{t("chat.clear.question")}</p>
            <div className="mt-3 flex justify-end gap-2">
              {/* Without JavaScript the summary closes the prompt; this button needs a script. */}
              {hydrated && (
                <button
                  type="button"
                  onClick={() => {
                    if (clearRef.current) clearRef.current.open = false;
                  }}
                  className={`min-h-11 rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 ${CHAT_FOCUS}`}
                >
                  {t("chat.clear.cancel")}
                </button>
              )}
              <button
                type="submit"
                className={`min-h-11 rounded-full bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800 ${CHAT_FOCUS}`}
              >
                {t("chat.clear.confirm")}
              </button>
            </div>
          </form>
        </details>
      )}
    </header>
  );
}
