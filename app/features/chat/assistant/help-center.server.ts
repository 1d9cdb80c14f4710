/**
 * The help centre as a knowledge source of the assistant (decision “The assistant works offline”, §2.18): the questions of
 * content/pages/help-center.{es,en}.md, loaded once per language and contacts and indexed, and a
 * BM25-like retrieval over them. A shopper's question is read with the engine's normalisation
 * (folded words, text.ts) and typos are forgiven (one slip in a word of 5+ letters, or the same
 * first 5 letters: 'elimino' finds 'eliminar'). Pure once loaded; no database.
 */
import { type ContactFacts, type HelpGroupId, loadHelpCenter } from "~/features/content/pages.server";
import { typoDistance } from "~/features/search/typos";
import type { Language } from "~/i18n/languages";
import { FILLER } from "./fillers";
import { findKeyword, words } from "./text";
import { VOCABULARY } from "./vocabulary";

/** One help-centre question as the assistant quotes it. */
export type FaqEntry = {
  /** The question's anchor (`account-3`). */
  id: string;
  groupId: HelpGroupId;
  groupTitle: string;
  question: string;
  /** Plain text, site links as `[label](/es/path)`. */
  answerText: string;
};

export type FaqHit = FaqEntry & {
  /** BM25-like relevance (higher is better). */
  score: number;
  /** Share (by weight) of the question's meaningful words that the entry contains, 0..1. */
  coverage: number;
  /** The shopper's meaningful words the entry contains (in its question or its answer). */
  matched: string[];
  /** The shopper's words found in the entry's question (not only in its answer). */
  inQuestion: string[];
};

type Doc = FaqEntry & { questionTerms: Set<string>; answerTerms: Map<string, number>; length: number };
type Index = { docs: Doc[]; vocabulary: Set<string>; docFreq: Map<string, number>; avgLength: number };

/**
 * Words that say nothing about which question is meant: the engine's filler plus the question
 * words of both languages ('¿cómo...?', 'how do I...?').
 */
const STOP = new Set([
  ...FILLER,
  ..."como cual cuales quien donde cuando porque why which who when where whats hay the si o mas what how".split(" "),
  ..."i im ive my mine our ours you your yours him her them they he she we".split(" "),
  ..."hacer hace hecho hecha puede pueden can could should will would did done".split(" "),
  // 'how long', '¿cuánto dura?' ask for the figure the topic answer gives, not for another entry.
  ..."dura duran durar long last lasts".split(" "),
  // 'Quiero eliminar mi cuenta y todos mis datos. ¿Cómo procedo?': how to go about it says nothing of what.
  ..."procedo proceder procede todo todos todas proceed all".split(" "),
]);

/** The words of a text the retrieval weighs (folded, without stop words, 2+ letters). */
export function meaningfulWords(text: string): string[] {
  return words(text).filter((w) => w.length >= 2 && !STOP.has(w) && !/^\d+$/.test(w));
}

/**
 * The text with the shopper's words that the help centre spells otherwise replaced by its own
 * (vocabulary `equivalents`: 'borro' → 'eliminar', 'close my account' → 'delete account').
 */
export function withEquivalents(text: string): string {
  const typed = words(text);
  const out = [...typed];
  const none: ReadonlySet<string> = new Set(typed);
  for (const [keyword, instead] of VOCABULARY.equivalents) {
    const size = keyword.split(" ").length;
    for (const at of findKeyword(typed, keyword, none)) {
      out[at] = instead;
      for (let j = 1; j < size; j++) out[at + j] = "";
    }
  }
  return out.filter(Boolean).join(" ");
}

/** Weight of a match in the question over one in the answer (the question says what it is about). */
const QUESTION_WEIGHT = 2;
/** A match by stem or with a typo counts a bit less than the word as written. */
const STEM_QUALITY = 0.8;
const TYPO_QUALITY = 0.7;
/** BM25 constants (answers are short: the length matters little). */
const K1 = 1.2;
const B = 0.4;

function buildIndex(entries: FaqEntry[]): Index {
  const docs: Doc[] = entries.map((entry) => {
    const answerTerms = new Map<string, number>();
    const answerWords = meaningfulWords(entry.answerText.replace(/\]\([^)]*\)/g, "]"));
    for (const w of answerWords) answerTerms.set(w, (answerTerms.get(w) ?? 0) + 1);
    return {
      ...entry,
      questionTerms: new Set(meaningfulWords(entry.question)),
      answerTerms,
      length: answerWords.length,
    };
  });
  const docFreq = new Map<string, number>();
  for (const doc of docs) {
    for (const term of new Set([...doc.questionTerms, ...doc.answerTerms.keys()])) {
      docFreq.set(term, (docFreq.get(term) ?? 0) + 1);
    }
  }
  const avgLength = docs.reduce((n, d) => n + d.length, 0) / Math.max(1, docs.length);
  return { docs, vocabulary: new Set(docFreq.keys()), docFreq, avgLength };
}

/** How well a typed word is a term of the index: 1 as written, less by stem or with a slip, 0 not at all. */
function termQuality(typed: string, term: string, vocabulary: Set<string>): number {
  if (typed === term) return 1;
  if (typed.length >= 5 && term.length >= 5 && typed.slice(0, 5) === term.slice(0, 5)) return STEM_QUALITY;
  // A word the help centre spells is never "corrected" into a neighbour.
  if (!vocabulary.has(typed) && typed.length >= 5 && term.length >= 5 && typoDistance(typed, term) <= 1) {
    return TYPO_QUALITY;
  }
  return 0;
}

function idf(index: Index, n: number): number {
  const total = index.docs.length;
  return Math.log(1 + (total - n + 0.5) / (n + 0.5));
}

/** Best help-centre questions for a message, best first; only those that share a word with it. */
export function searchFaq(index: Index, message: string, limit = 3): FaqHit[] {
  const typed = [...new Set(meaningfulWords(message))];
  if (typed.length === 0) return [];
  // For each typed word, the index terms it stands for (with their quality).
  const expansions = typed.map((w) => {
    const terms: Array<{ term: string; quality: number }> = [];
    for (const term of index.vocabulary) {
      const quality = termQuality(w, term, index.vocabulary);
      if (quality > 0) terms.push({ term, quality });
    }
    // A word that is in no help-centre answer weighs as the rarest word: it lowers the coverage.
    const weight =
      terms.length === 0 ? idf(index, 0) : Math.max(...terms.map((t) => idf(index, index.docFreq.get(t.term)!)));
    return { word: w, terms, weight };
  });
  const totalWeight = expansions.reduce((n, e) => n + e.weight, 0);
  const hits: FaqHit[] = [];
  for (const doc of index.docs) {
    let score = 0;
    let covered = 0;
    const matched: string[] = [];
    const inQuestion: string[] = [];
    for (const e of expansions) {
      let best = 0;
      let bestInQuestion = false;
      for (const { term, quality } of e.terms) {
        const w = idf(index, index.docFreq.get(term)!);
        const tf = doc.answerTerms.get(term) ?? 0;
        const answerPart = tf === 0 ? 0 : (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / index.avgLength));
        const questionPart = doc.questionTerms.has(term) ? QUESTION_WEIGHT : 0;
        const value = w * quality * (questionPart + answerPart);
        if (value > best) {
          best = value;
          bestInQuestion = questionPart > 0;
        }
      }
      if (best > 0) {
        score += best;
        covered += e.weight;
        matched.push(e.word);
        if (bestInQuestion) inQuestion.push(e.word);
      }
    }
    if (score > 0) {
      const { questionTerms: _q, answerTerms: _a, length: _l, ...entry } = doc;
      hits.push({ ...entry, score, coverage: totalWeight > 0 ? covered / totalWeight : 0, matched, inQuestion });
    }
  }
  return hits.sort((a, b) => b.score - a.score).slice(0, limit);
}

/** Least coverage of a relevant match: most of what the shopper wrote is in that entry. */
const MIN_COVERAGE = 0.6;
/** Least score of a relevant match (one common word is not enough). */
const MIN_SCORE = 3;
/** How far the best entry must be ahead of the next one to be the answer. */
const MIN_LEAD = 1.15;

/** Whether a hit is about the message at all (what the model may be given as a fact). */
export function isRelevant(hit: FaqHit): boolean {
  return hit.coverage >= MIN_COVERAGE && hit.score >= MIN_SCORE;
}

/**
 * The entry that answers the message, if one does confidently: it is relevant, names one of the
 * shopper's words in its own question (or holds all of them, two at least, in its answer) and is
 * clearly ahead of the next one.
 */
export function confidentHit(hits: FaqHit[]): FaqHit | null {
  const [best, next] = hits;
  if (!best || !isRelevant(best)) return null;
  if (best.inQuestion.length === 0 && !(best.coverage >= 0.9 && best.matched.length >= 2)) return null;
  return !next || best.score > next.score * MIN_LEAD ? best : null;
}

const indexes = new Map<string, Promise<Index>>();
/** Languages × contact versions kept at most (the contacts change rarely). */
const MAX_INDEXES = 8;

/**
 * The help centre of `lang` indexed for retrieval, computed once per process for each language
 * and company contacts (the file is static; the contacts only fill the support phone and email).
 */
export function helpCenterIndex(lang: Language, company: ContactFacts | null): Promise<Index> {
  const key = JSON.stringify([lang, company?.name, company?.support_email, company?.att_phone]);
  const hit = indexes.get(key);
  if (hit) return hit;
  if (indexes.size >= MAX_INDEXES) indexes.clear();
  const index = loadHelpCenter(lang, company).then((content) =>
    buildIndex(
      content.groups.flatMap((group) =>
        group.questions.map((q) => ({
          id: q.id,
          groupId: group.id,
          groupTitle: group.title,
          question: q.question,
          answerText: q.answerText,
        })),
      ),
    ),
  );
  indexes.set(key, index);
  index.catch(() => indexes.delete(key));
  return index;
}

export type HelpCenterIndex = Index;
