/**
 * Text normalisation for the assistant (D23): lower-case, accent-free words, and keyword matching
 * that forgives the typos of a thumb on a small phone ('envio', 'enbio', 'devolucion',
 * 'garantia', 'shiping'). Pure; no database.
 */
import { typoDistance } from "~/features/search/search.server";

/** Lower-case and accent-free ('¿Cuánto?' → '¿cuanto?'); 'ñ' becomes 'n', as the search does. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");
}

/** The folded words of a text, letters and digits only, in order (duplicates kept). */
export function words(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/**
 * A keyword: a word ('envio'), a stem ending in '*' ('devol*' matches 'devolucion',
 * 'devoluciones') or a phrase of several words ('por mayor'), all folded.
 */
export type Keyword = string;

/**
 * Words the assistant knows as written: a typed word in this set is never "corrected" into a
 * neighbour ('cuesta' stays 'cuesta' and never becomes 'cuenta').
 */
export type Vocabulary = ReadonlySet<string>;

/**
 * Whether one typed word is the keyword word. A word that is not in the vocabulary may differ by
 * one slip (insertion, deletion, substitution, swap) from a keyword of 5+ letters.
 */
function wordMatches(typed: string, keyword: string, known: Vocabulary): boolean {
  if (keyword.endsWith("*")) {
    const stem = keyword.slice(0, -1);
    if (typed.startsWith(stem)) return true;
    // A slip inside the stem ('devolusion' for 'devol*'): compare the typed word's start.
    return (
      !known.has(typed) &&
      stem.length >= 5 &&
      typed.length >= stem.length &&
      typoDistance(typed.slice(0, stem.length), stem) <= 1
    );
  }
  if (typed === keyword) return true;
  return !known.has(typed) && keyword.length >= 5 && typed.length >= 4 && typoDistance(typed, keyword) <= 1;
}

/** The positions in `typed` where `keyword` (word, stem or phrase) starts; empty when absent. */
export function findKeyword(typed: readonly string[], keyword: Keyword, known: Vocabulary): number[] {
  const parts = keyword.split(" ");
  const found: number[] = [];
  for (let i = 0; i + parts.length <= typed.length; i++) {
    if (parts.every((part, j) => wordMatches(typed[i + j], part, known))) found.push(i);
  }
  return found;
}

/** How many of the keywords occur in the words (each keyword counted once). */
export function countKeywords(typed: readonly string[], keywords: readonly Keyword[], known: Vocabulary): number {
  return keywords.reduce((n, k) => n + (findKeyword(typed, k, known).length > 0 ? 1 : 0), 0);
}

/** Marks (true) every word position covered by one of the keywords. */
export function coveredBy(typed: readonly string[], keywords: readonly Keyword[], known: Vocabulary): boolean[] {
  const covered = typed.map(() => false);
  for (const keyword of keywords) {
    const size = keyword.split(" ").length;
    for (const start of findKeyword(typed, keyword, known)) {
      for (let j = 0; j < size; j++) covered[start + j] = true;
    }
  }
  return covered;
}
