/**
 * One-letter slips in a query (decision “Search forgives the way people type”): a word of TYPO_MIN_LENGTH letters or more
 * that the store does not know is read as the one known word a single insertion, deletion,
 * substitution or swap of neighbours away — when there is exactly one ('trmo' → 'termo'). The
 * known words are the catalogue's (names, brands, category names: the `search_terms` table, kept
 * in memory by search.server.ts) and the vocabulary's. Pure code: the same on PGlite and PostgreSQL.
 */

/** Words shorter than this get no typo tolerance, only exact or prefix matches. */
export const TYPO_MIN_LENGTH = 4;
/** Longest word looked at (longer input is not a slip of a catalogue word). */
export const MAX_TYPO_WORD_LENGTH = 40;

/**
 * Optimal-string-alignment distance capped at `cap` (default 2): one insertion, deletion,
 * substitution or swap of two neighbouring letters counts as one ('cafetrea' is one slip away
 * from 'cafetera', though plain Levenshtein says 2).
 */
export function typoDistance(a: string, b: string, cap = 2): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return Math.min(d[a.length][b.length], cap);
}

/**
 * Whether two words are at most one slip apart (an insertion, a deletion, a substitution or a swap
 * of two neighbouring letters): typoDistance() <= 1 in one pass and no allocation, because a word
 * is compared with thousands (the chat's keywords, the catalogue's words).
 */
export function oneSlipApart(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    // Substitution at i, or a swap of i and i+1.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // One insertion or deletion at i.
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * How a Spanish-speaking shopper may spell a word by ear: 'v' and 'b' sound alike ('nv' is said
 * 'mb'), so do 'z', 's' and a soft 'c', 'qu', 'k' and a hard 'c', 'll' and 'y'; 'h' is silent.
 * Two words with the same key are the same word misspelt ('imbersor' and 'inversor').
 */
export function soundKey(word: string): string {
  return word
    .replace(/ch/g, "#")
    .replace(/h/g, "")
    .replace(/nv/g, "mb")
    .replace(/v/g, "b")
    .replace(/c(?=[ei])/g, "s")
    .replace(/z/g, "s")
    .replace(/qu(?=[ei])/g, "k")
    .replace(/c/g, "k")
    .replace(/ll/g, "y")
    .replace(/#/g, "ch");
}

/** Whether two first letters may stand for each other (by ear: 'selular' is 'celular'). */
function sameStart(a: string, b: string): boolean {
  return a[0] === b[0] || soundKey(a.slice(0, 2))[0] === soundKey(b.slice(0, 2))[0];
}

/**
 * Known words grouped by length (lookups only compare words of a near length) and by sound key,
 * and for vocabulary words the group they belong to (`meaning`: words of one synonym group share
 * it, so a slip near two of them is no ambiguity).
 */
export type Lexicon = {
  has: (word: string) => boolean;
  byLength: Map<number, string[]>;
  bySound: Map<string, string[]>;
  meaning: Map<string, string>;
};

/**
 * A lexicon of these words; `groups` (synonym groups, one-word phrases only count) tell which
 * words mean the same: their first one-word phrase is the group's meaning.
 */
export function buildLexicon(words: Iterable<string>, groups: Iterable<readonly string[]> = []): Lexicon {
  const all = new Set<string>();
  const byLength = new Map<number, string[]>();
  const bySound = new Map<string, string[]>();
  for (const word of words) {
    if (!word || all.has(word)) continue;
    all.add(word);
    const list = byLength.get(word.length) ?? [];
    list.push(word);
    byLength.set(word.length, list);
    const key = soundKey(word);
    bySound.set(key, [...(bySound.get(key) ?? []), word]);
  }
  for (const list of byLength.values()) list.sort();
  const meaning = new Map<string, string>();
  for (const group of groups) {
    const single = group.filter((phrase) => !phrase.includes(" "));
    for (const word of single) if (!meaning.has(word)) meaning.set(word, single[0]);
  }
  return { has: (word) => all.has(word), byLength, bySound, meaning };
}

/** Known words at most `distance` slips from `word` (nearest first, then alphabetical). */
export function nearWords(word: string, lexicon: Lexicon, distance: number): string[] {
  const found: Array<{ word: string; d: number }> = [];
  for (let length = word.length - distance; length <= word.length + distance; length++) {
    for (const candidate of lexicon.byLength.get(length) ?? []) {
      // One slip (every correction) needs no distance table: thousands of candidates per word.
      const d =
        distance > 1
          ? typoDistance(word, candidate, distance + 1)
          : candidate === word
            ? 0
            : oneSlipApart(word, candidate)
              ? 1
              : 2;
      if (d >= 1 && d <= distance) found.push({ word: candidate, d });
    }
  }
  return found.sort((a, b) => a.d - b.d || a.word.localeCompare(b.word)).map((f) => f.word);
}

/** Whether a word may be read as a slip at all: long enough, letters only, not known. */
function correctable(word: string, lexicon: Lexicon): boolean {
  return (
    word.length >= TYPO_MIN_LENGTH &&
    word.length <= MAX_TYPO_WORD_LENGTH &&
    /^\p{L}+$/u.test(word) &&
    !lexicon.has(word)
  );
}

/**
 * The one meaning among candidate corrections, or null when they mean different things: words of
 * one synonym group are one meaning ('labtop' is one slip from 'laptop' and from 'lactop'), and
 * the group's own first word is the one shown.
 */
function oneMeaning(candidates: string[], lexicon: Lexicon): string | null {
  if (candidates.length === 0) return null;
  const meanings = new Set(candidates.map((w) => lexicon.meaning.get(w) ?? w));
  if (meanings.size !== 1) return null;
  const [meaning] = meanings;
  return candidates.includes(meaning) ? meaning : candidates[0];
}

/**
 * The known word an unknown word stands for, or null. A word spelt by ear ('imbersor') is the
 * known word that sounds the same (soundKey). Otherwise a slip: the known words one slip away
 * that start with the same letter (or one that sounds the same: the first letter is the one
 * shoppers rarely miss; 'xbox' is not 'box'), of TYPO_MIN_LENGTH letters or more ('toys' is not
 * 'tos'), all of one meaning (else it is ambiguous).
 */
export function correctWord(word: string, lexicon: Lexicon): string | null {
  if (!correctable(word, lexicon)) return null;
  const sounds = (lexicon.bySound.get(soundKey(word)) ?? []).filter((w) => w.length >= TYPO_MIN_LENGTH);
  if (sounds.length > 0) return oneMeaning(sounds, lexicon);
  const small = undiminished(word, lexicon);
  if (small) return small;
  const near = nearWords(word, lexicon, 1);
  // A singular or plural of a known word ('shoe', 'shoes') is no slip: the stemmers match it.
  if (near.some((w) => w === `${word}s` || `${w}s` === word)) return null;
  return oneMeaning(
    near.filter((w) => w.length >= TYPO_MIN_LENGTH && sameStart(w, word)),
    lexicon,
  );
}

/** Spanish diminutive endings, longest first ('cafecito', 'pollito', 'aceitico'), before the gender vowel. */
const DIMINUTIVES = ["ecit", "cit", "it", "ic"];
/** What may end the word the diminutive was made from ('caf|e', 'arro|z', 'cerve|za', 'frijol|'). */
const BASE_ENDINGS = ["", "o", "a", "e", "s", "so", "sa", "se"];

/**
 * The known word a diminutive was made from ('cafecito' → 'café', 'pollito' → 'pollo', 'arrocito'
 * → 'arroz', 'frijolitos' → 'frijoles'), by ear as the shopper says it; null when none is known,
 * or when several mean different things. Only for a word the store does not know as it is
 * ('perritos' may be a product's own word).
 */
export function undiminished(word: string, lexicon: Lexicon): string | null {
  const found = /^(\p{L}+?)([oa])(s?)$/u.exec(word);
  if (!found) return null;
  const [, body, , plural] = found;
  const candidates = new Set<string>();
  for (const ending of DIMINUTIVES) {
    if (!body.endsWith(ending)) continue;
    const stem = body.slice(0, -ending.length);
    if (stem.length < 3) continue;
    for (const base of BASE_ENDINGS) {
      for (const form of [stem + base, ...(plural ? [`${stem + base}s`, `${stem + base}es`] : [])]) {
        for (const known of lexicon.bySound.get(soundKey(form)) ?? []) if (known.length >= 3) candidates.add(known);
      }
    }
  }
  return oneMeaning([...candidates].sort(), lexicon);
}

/**
 * "Did you mean" for a word that found nothing: the nearest known word at most
 * two slips away (one for words under six letters), with the same first letter (or one that
 * sounds the same) and of TYPO_MIN_LENGTH letters or more, or null.
 */
export function suggestWord(word: string, lexicon: Lexicon): string | null {
  if (!correctable(word, lexicon)) return null;
  return (
    nearWords(word, lexicon, word.length >= 6 ? 2 : 1).find((w) => w.length >= TYPO_MIN_LENGTH && sameStart(w, word)) ??
    null
  );
}
