/**
 * The contract between the chat's conversation store and page (API §7.6, §2.20, §4.8) and the
 * assistant that writes the replies (decision “The assistant works offline”). Browser-safe types only.
 *
 * A reply is plain text. Links are written `[label](/es/product/12)`: the chat renders them as
 * links when the target is a path of this site (starts with a single `/`), and as plain text
 * otherwise; nothing in a reply is ever rendered as HTML.
 */
import type { Language } from "~/i18n/languages";

export type ChatRole = "user" | "assistant";

/** §3 Chat message, as stored and shown. */
export type ChatMessage = { role: ChatRole; content: string; timestamp: string; isError?: boolean };

/** What the assistant is asked: the new message, the conversation so far, who asks, in which page language. */
export type AssistantQuestion = {
  message: string;
  /** The language of the page the shopper is on; the reply follows the question's own language when it is clear. */
  pageLanguage: Language;
  /** Earlier turns of this conversation, oldest first (may be empty). */
  history: Array<{ role: ChatRole; content: string }>;
  /** The signed-in shopper (cookie or `Authorization: JWT`), or null: only their own orders may be used. */
  userId: number | null;
  /** §7.6 payload figures the page sends; informational (the store's own company info wins). */
  attPhone?: string;
  salesPhone?: string;
};

export type AssistantReply = {
  text: string;
  language: Language;
  /** Which engine wrote it: the offline one, or the model (falls back to offline on failure). */
  engine: "offline" | "llm";
};

/** Chat limits (§5): enforced by the API and the page alike. */
export const CHAT_MESSAGE_MAX = 1000;
