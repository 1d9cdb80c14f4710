/**
 * The note the orders page shows after 'order again' when some lines were not added: each
 * line with its reason, in the shopper's language, short enough to travel in the flash cookie.
 */
import { translate } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { getMessages } from "~/i18n/messages.server";
import type { ReorderResult } from "./reorder.server";

/** Flash values are capped at 200 characters (flash.server.ts): the list of lines fits in that. */
const NOTE_MAX = 190;

/** 'Name (colour, variety): why' for each line reorder could not (fully) add, within NOTE_MAX. */
export function notAddedText(lang: Language, notAdded: ReorderResult["notAdded"]) {
  const messages = getMessages(lang);
  const parts = notAdded.map((line) => {
    const variant = [line.color, line.variety].filter(Boolean).join(", ");
    const reason = translate(messages, lang, `orders.reorder.${line.reason}`, { count: String(line.inCart) });
    return `${line.name}${variant ? ` (${variant})` : ""}: ${reason}`;
  });
  let text = "";
  for (let i = 0; i < parts.length; i++) {
    const next = text ? `${text}; ${parts[i]}` : parts[i];
    const rest = parts.length - i - 1;
    const more = rest > 0 ? `; ${translate(messages, lang, "orders.page.reorder.more", { count: String(rest) })}` : "";
    if (next.length + more.length > NOTE_MAX) {
      const left = parts.length - i;
      const tail = translate(messages, lang, "orders.page.reorder.more", { count: String(left) });
      return text ? `${text}; ${tail}` : `${parts[i].slice(0, NOTE_MAX - 1)}…`;
    }
    text = next;
  }
  return text;
}
