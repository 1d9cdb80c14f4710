/**
 * One-letter slips in a query (issue 23 point 2, D12): a word of TYPO_MIN_LENGTH letters or more
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

/** Known words grouped by length, for lookups that only compare words of a near length. */
export type Lexicon = { has: (word: string) => boolean; byLength: Map<number, string[]> };

export function buildLexicon(words: Iterable<string>): Lexicon {
  const all = new Set<string>();
  const byLength = new Map<number, string[]>();
  for (const word of words) {
    if (!word || all.has(word)) continue;
    all.add(word);
    const list = byLength.get(word.length) ?? [];
    list.push(word);
    byLength.set(word.length, list);
  }
  for (const list of byLength.values()) list.sort();
  return { has: (word) => all.has(word), byLength };
}

/** Known words at most `distance` slips from `word` (nearest first, then alphabetical). */
export function nearWords(word: string, lexicon: Lexicon, distance: number): string[] {
  const found: Array<{ word: string; d: number }> = [];
  for (let length = word.length - distance; length <= word.length + distance; length++) {
    for (const candidate of lexicon.byLength.get(length) ?? []) {
      const d = typoDistance(word, candidate, distance + 1);
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
 * The known word an unknown word is one slip away from, or null: when there is none, or when
 * there are several (ambiguous) and not exactly one of them starts with the same letter (the
 * first letter is the one shoppers rarely miss).
 */
export function correctWord(word: string, lexicon: Lexicon): string | null {
  if (!correctable(word, lexicon)) return null;
  const near = nearWords(word, lexicon, 1);
  // A singular or plural of a known word ('shoe', 'shoes') is no slip: the stemmers match it.
  if (near.some((w) => w === `${word}s` || `${w}s` === word)) return null;
  if (near.length === 1) return near[0];
  const sameStart = near.filter((w) => w[0] === word[0]);
  return sameStart.length === 1 ? sameStart[0] : null;
}

/**
 * "Did you mean" for a word that found nothing (issue 23 point 4): the nearest known word at most
 * two slips away (one for words under six letters), or null.
 */
export function suggestWord(word: string, lexicon: Lexicon): string | null {
  if (!correctable(word, lexicon)) return null;
  return nearWords(word, lexicon, word.length >= 6 ? 2 : 1)[0] ?? null;
}
