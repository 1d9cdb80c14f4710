/**
 * The help centre's answers beside the topics' (decision “The assistant works offline”): how an
 * entry is written in the chat, whether it answers a question better than the topic answer the
 * intents chose, and the entries that answer the clauses no topic carries.
 */
import type { Language } from "~/i18n/languages";
import { localePath } from "~/i18n/links";
import type { Analysis } from "./analysis";
import {
  type FaqHit,
  type helpCenterIndex,
  confidentHit,
  meaningfulWords,
  searchFaq,
  withEquivalents,
} from "./help-center.server";
import { analyse } from "./intents";
import { PHRASEBOOKS } from "./replies";
import { words } from "./text";

type HelpIndex = Awaited<ReturnType<typeof helpCenterIndex>>;

/** A clause scoring this much (two strong keywords, or a pair) is clearly about its topic. */
const CLEAR_TOPIC_SCORE = 4;

/** A help-centre answer as the chat writes it: the answer, then a link to its group on the page. */
export function faqText(hit: FaqHit, lang: Language): string {
  const group = `[${PHRASEBOOKS[lang].helpCenterMore(hit.groupTitle)}](${localePath(lang, "/help-center")}#${hit.groupId})`;
  return `${hit.answerText}\n${group}`;
}

/** Whether the text says a word (as written or with the same first four letters: 'olvide', 'olvidaste'). */
function speaksOf(text: string, word: string): boolean {
  return words(text).some(
    (w) => w === word || (w.length >= 4 && word.length >= 4 && w.slice(0, 4) === word.slice(0, 4)),
  );
}

/**
 * Whether the help-centre entry answers better than the topic answer the intents chose: the
 * shopper used words that no topic keyword covers ('¿cómo *elimino* mi cuenta?', '¿cómo *cambio*
 * mi dirección?'), the entry has them, and the topic answer does not speak of them. Without such
 * words ('¿cuánto cuesta el envío?') the topic answer, written for the topic, stays. Never for a
 * leading question: the topic answer corrects its wrong premise first; nor when the shopper states
 * a figure only the topic answer uses (a time of day, a distance, an amount to convert or buy). Nor when the question is
 * clearly about a topic (CLEAR_TOPIC_SCORE) and the entry's own question about other topics only:
 * '¿en cuánto tiempo me llega si lo *hago* hoy?' is no '¿qué *hago* si llega defectuoso?'.
 */
export function faqAnswersBetter(a: Analysis, hit: FaqHit, topicAnswer: string): boolean {
  if (a.falsePremise || a.statedTime || a.distanceKm !== null || a.conversion || a.basket) return false;
  if (Math.max(...a.clauses.map((c) => c.bestScore)) >= CLEAR_TOPIC_SCORE) {
    const entryTopics = analyse(hit.question).mainTopics;
    if (entryTopics.length > 0 && !entryTopics.some((t) => a.topics.includes(t))) return false;
  }
  // The help centre's own words for the shopper's ('close my account' → 'delete account') are the shopper's too.
  const replaced = meaningfulWords(withEquivalents(a.words.join(" "))).filter((w) => !a.words.includes(w));
  const own = [...meaningfulWords(withEquivalents(a.ownWords.join(" "))), ...replaced].filter((w) =>
    hit.matched.includes(w),
  );
  return own.some((w) => !speaksOf(topicAnswer, w));
}

/**
 * '¿cómo hago un pedido y cómo se paga?': a clause no topic carries and that asks for no product is
 * answered by the help centre when one of its entries answers it confidently.
 */
export function clauseAnswers(a: Analysis, index: HelpIndex | null, lang: Language): string[] {
  if (!index || a.clauses.length < 2) return [];
  return a.clauses
    .filter((c) => c.bestScore === 0 && !c.productCue && c.leftover.length > 0)
    .map((c) => confidentHit(searchFaq(index, withEquivalents(c.words.join(" ")))))
    .filter((hit): hit is FaqHit => hit !== null)
    .map((hit) => faqText(hit, lang));
}
