/**
 * The customer-service assistant (spec §2.20, §4.8; decision “The assistant works offline”): answers one chat message in the
 * language of the question, from the store's own knowledge (policies, contacts, the help centre's
 * answers), its catalogue and — for a signed-in shopper — their own orders. Offline by default (assistant/engine.server.ts); with
 * `CHAT_LLM_URL` set, an OpenAI-compatible model writes the reply from the same retrieved facts
 * (assistant/llm.server.ts) and any failure of the model falls back to the offline answer.
 */
import type { Db } from "~/db/client.server";
import type { Env } from "~/utils/env.server";
import { answerOffline } from "./assistant/engine.server";
import { askLlm, llmConfigured } from "./assistant/llm.server";
import { PHRASEBOOKS } from "./assistant/replies";
import type { AssistantQuestion, AssistantReply } from "./types";

export type AssistantDeps = {
  db: Db;
  env: Env;
  now?: () => Date;
  /** How long the model may take (default LLM_TIMEOUT_MS, 8 s); tests shorten it. */
  llmTimeoutMs?: number;
};

/** The reply to `question.message` (see the module comment). Throws only when the database fails. */
export async function answerQuestion(deps: AssistantDeps, question: AssistantQuestion): Promise<AssistantReply> {
  const now = deps.now?.() ?? new Date();
  const offline = await answerOffline({ db: deps.db, now }, question);
  if (!llmConfigured(deps.env)) return { text: offline.text, language: offline.language, engine: "offline" };

  const book = PHRASEBOOKS[offline.language].topic;
  const store = offline.store;
  // The model also gets the store's basics, so a question the offline engine misread can still
  // be answered; never anything about another customer (retrieval only reads the asker's orders).
  const facts = [
    ...offline.facts,
    // What the help centre answers about the question (decision “The assistant works offline”: its questions are store knowledge).
    ...offline.helpCenter,
    book.shippingCost(store),
    book.deliveryTime(store),
    book.payment(store),
    book.returns(store),
    book.contact(store),
    book.rate(store),
  ].filter((fact, i, all) => all.indexOf(fact) === i);
  const text = await askLlm(
    deps.env,
    {
      message: question.message,
      language: offline.language,
      history: question.history,
      storeName: store.company?.name || "Tienda Cuba",
      facts,
    },
    deps.llmTimeoutMs,
  );
  if (text === null) return { text: offline.text, language: offline.language, engine: "offline" };
  return { text, language: offline.language, engine: "llm" };
}
