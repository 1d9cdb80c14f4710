/**
 * Text normalisation for the assistant (decision “The assistant works offline”): lower-case, accent-free words, and keyword matching
 * that forgives the typos of a thumb on a small phone ('envio', 'enbio', 'devolucion',
 * 'garantia', 'shiping'). Pure; no database.
 */
import { oneSlipApart } from "~/features/search/typos";

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
 * neighbour ('cuesta' stays 'cuesta' and never becomes 'cuenta'). `catalogue`: the words among
 * them that name products; such a word is not read as the plural of a keyword's stem either
 * ('telefonos' of the store's phones is not 'telefono*' of the support phone).
 */
export type Vocabulary = Pick<ReadonlySet<string>, "has"> & { catalogue?: Pick<ReadonlySet<string>, "has"> };

/** Keywords shorter than this have no plural read into them ('no' is not 'nos'). */
const PLURAL_MIN_LENGTH = 4;

/**
 * Whether a typed word is the plural of a keyword word, in Spanish or English ('cantidades' of
 * 'cantidad', 'envios' of 'envio', 'rates' of 'rate', 'lapices' of 'lapiz'): a vocabulary lists each
 * word once, the shopper writes it in the number the sentence needs.
 */
export function isPluralOf(typed: string, keyword: string): boolean {
  if (keyword.length < PLURAL_MIN_LENGTH || typed.length <= keyword.length) return false;
  const rest = typed.slice(keyword.length);
  if (typed.startsWith(keyword) && (rest === "s" || rest === "es")) return true;
  return keyword.endsWith("z") && typed === `${keyword.slice(0, -1)}ces`;
}

/** The words a plural may be the plural of ('telefonos' → 'telefono', 'lapices' → 'lapiz'). */
export function singulars(word: string): string[] {
  const found: string[] = [];
  if (word.endsWith("s") && word.length - 1 >= PLURAL_MIN_LENGTH) found.push(word.slice(0, -1));
  if (word.endsWith("es") && word.length - 2 >= PLURAL_MIN_LENGTH) found.push(word.slice(0, -2));
  if (word.endsWith("ces") && word.length - 2 >= PLURAL_MIN_LENGTH) found.push(`${word.slice(0, -3)}z`);
  return found;
}

/**
 * Whether one typed word is the keyword word. A word that is not in the vocabulary may be its
 * plural, or differ by
 * one slip (insertion, deletion, substitution, swap) from a keyword of 5+ letters, when it has 5+
 * letters itself and the same first letter ('rice' is not a slip of 'price', nor 'solares' of 'dolares').
 */
function wordMatches(typed: string, keyword: string, known: Vocabulary): boolean {
  if (keyword.endsWith("*")) {
    const stem = keyword.slice(0, -1);
    if (typed.startsWith(stem)) return !(known.catalogue?.has(typed) && isPluralOf(typed, stem));
    // A slip inside the stem ('devolusion' for 'devol*'): compare the typed word's start.
    return (
      !known.has(typed) &&
      typed[0] === stem[0] &&
      stem.length >= 5 &&
      typed.length >= stem.length &&
      oneSlipApart(typed.slice(0, stem.length), stem)
    );
  }
  if (typed === keyword) return true;
  // A word the vocabulary or the catalogue knows as written is that word ('phones', 'tardes').
  if (!known.has(typed) && isPluralOf(typed, keyword)) return true;
  return (
    !known.has(typed) &&
    typed[0] === keyword[0] &&
    keyword.length >= 5 &&
    typed.length >= 5 &&
    oneSlipApart(typed, keyword)
  );
}

/**
 * Which words of a text each keyword word matches, remembered per text and vocabulary: a question
 * is matched against some thousand keywords, most of which share their words ('de', 'envio*').
 */
const matchMemo = new WeakMap<readonly string[], { known: Vocabulary; parts: Map<string, boolean[]> }>();

function matchesOf(typed: readonly string[], part: string, known: Vocabulary): boolean[] {
  let memo = matchMemo.get(typed);
  if (!memo || memo.known !== known) {
    memo = { known, parts: new Map() };
    matchMemo.set(typed, memo);
  }
  let found = memo.parts.get(part);
  if (!found) {
    found = typed.map((w) => wordMatches(w, part, known));
    memo.parts.set(part, found);
  }
  return found;
}

const keywordParts = new Map<Keyword, readonly string[]>();
function partsOf(keyword: Keyword): readonly string[] {
  let parts = keywordParts.get(keyword);
  if (!parts) {
    parts = keyword.split(" ");
    keywordParts.set(keyword, parts);
  }
  return parts;
}

/** The positions in `typed` where `keyword` (word, stem or phrase) starts; empty when absent. */
export function findKeyword(typed: readonly string[], keyword: Keyword, known: Vocabulary): number[] {
  const parts = partsOf(keyword);
  if (parts.length === 1) {
    const column = matchesOf(typed, parts[0], known);
    const found: number[] = [];
    for (let i = 0; i < column.length; i++) if (column[i]) found.push(i);
    return found;
  }
  const columns = parts.map((part) => matchesOf(typed, part, known));
  const found: number[] = [];
  for (let i = 0; i + parts.length <= typed.length; i++) {
    if (columns.every((column, j) => column[i + j])) found.push(i);
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
    const size = partsOf(keyword).length;
    for (const start of findKeyword(typed, keyword, known)) {
      for (let j = 0; j < size; j++) covered[start + j] = true;
    }
  }
  return covered;
}
