import type { MouseEvent } from "react";
import { HeadsetIcon } from "~/components/icons";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import { CHAT_FOCUS } from "./chat-styles";

const SUGGESTIONS = ["chat.suggestions.products", "chat.suggestions.shipping", "chat.suggestions.returns"] as const;

/**
 * An empty conversation: the welcome and the suggested questions (§2.20). A suggestion fills the
 * input through `onSuggest`; without JavaScript it is sent as the message.
 */
export function ChatIntro({
  sessionId,
  onSuggest: suggest,
}: {
  sessionId: string;
  onSuggest: (event: MouseEvent<HTMLButtonElement>, value: string) => void;
}) {
  const t = useT();
  const lang = useLang();
  const page = localePath(lang, "/chat");
  return (
    <div className="flex flex-col items-center px-2 py-6 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-blue-50 text-blue-800">
        <HeadsetIcon size={30} />
      </span>
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{t("chat.intro.title")}</h2>
      <p className="mt-1 max-w-md text-slate-700">{t("chat.intro.text")}</p>
      <form method="post" action={page} className="mt-4 w-full max-w-md">
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="session_id" value={sessionId} />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t("chat.suggestions.label")}</legend>
          <div className="flex flex-col gap-2">
            {SUGGESTIONS.map((key) => (
              <button
                key={key}
                type="submit"
                name="message"
                value={t(key)}
                onClick={(event) => suggest(event, t(key))}
                className={`min-h-11 rounded-full border border-blue-200 bg-blue-50 px-4 py-2 text-left text-sm font-medium text-blue-900 hover:bg-blue-100 ${CHAT_FOCUS}`}
              >
                {t(key)}
              </button>
            ))}
          </div>
        </fieldset>
      </form>
    </div>
  );
}
