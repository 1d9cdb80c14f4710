/**
 * Products asked in the way a clause is said rather than by its keywords: a price asked in a
 * currency ('how much is the Gallo rice in pesos cubanos?'), an ask said after the thing ('tylenol
 * for my grandma, u have it?'), a topic's word that names products ('el teléfono más barato'), a
 * thing named right after the ask ('tienen iphones?'), and the words that ask for a product at all.
 * Pure; intents.ts reads the clauses first.
 */
import { type Clause, TOPICAL_SCORE } from "./analysis";
import { type Keyword, type Vocabulary as Known, findKeyword } from "./text";
import { MONEY } from "./counted";
import { SINGLE_TOPIC_KEYWORDS } from "./known-words";
import { namesAThing } from "./sent-things";
import { VOCABULARY as V } from "./vocabulary";

/** Words that ask for a product, its price, the cheapest or the biggest. */
const ASKING: readonly Keyword[] = [
  ...V.productCues.cheap,
  ...V.productCues.biggest,
  ...V.productCues.ask,
  ...V.productCues.price,
];

/** Whether the words ask for a product ('tienen', 'cuánto vale', 'el más barato'). */
export const asksForProduct = (words: readonly string[], known: Known) =>
  ASKING.some((k) => findKeyword(words, k, known).length > 0);

const ONE_WORD_KEYWORDS: readonly string[] = SINGLE_TOPIC_KEYWORDS.filter((k) => /^\p{L}+\*?$/u.test(k));
/** Whether the word is, by itself, a topic's keyword ('phone', 'telefono*'). */
export const isOneWordKeyword = (w: string) =>
  ONE_WORD_KEYWORDS.some((k) => (k.endsWith("*") ? w.startsWith(k.slice(0, -1)) : w === k));

/**
 * 'cuál es el teléfono más barato', 'tienen phone chargers?', '¿cuánto vale el teléfono Nokia?': a
 * clause that asks for a product, its price or the cheapest, whose topic comes only from words that name products in the catalogue, asks for
 * those products (the phone, not the phone number).
 */
export function asProductAsked(
  clause: Clause,
  known: Known,
  catalogueWords: ReadonlySet<string>,
  others: readonly Clause[],
  read: (words: string[], productNames: ReadonlySet<string>) => Clause,
): Clause {
  if (clause.bestScore < TOPICAL_SCORE || catalogueWords.size === 0 || !asksForProduct(clause.words, known))
    return clause;
  // 'si la compra llega mal, ¿con quién hablo? ¿tienen teléfono?': another clause asks the same topic.
  if (others.some((o) => o !== clause && o.bestScore >= TOPICAL_SCORE && o.best.includes(clause.best[0])))
    return clause;
  // Only a word that is a topic's keyword by itself ('phone'), not one inside a phrase ('alguien de la tienda').
  const names = new Set(clause.words.filter((w) => catalogueWords.has(w) && isOneWordKeyword(w) && !MONEY.has(w)));
  if (names.size === 0) return clause;
  const again = read(clause.words, names);
  return again.bestScore < TOPICAL_SCORE ? again : clause;
}

/**
 * 'how much is the Gallo rice in pesos cubanos?': a price asked of a product the catalogue names,
 * in a currency, asks for the product (its price is given in USD and CUP), not the exchange rate.
 */
export function pricedInCurrency(clause: Clause, known: Known, catalogueWords: ReadonlySet<string>): Clause {
  const rateOnly = clause.best.length === 1 && clause.best[0] === "rate";
  if (!rateOnly || !V.productCues.price.some((k) => findKeyword(clause.words, k, known).length > 0)) return clause;
  if (!clause.leftover.some((w) => catalogueWords.has(w) && !/^\d+$/.test(w))) return clause;
  return { ...clause, scores: {}, best: [], bestScore: 0, productCue: true };
}

/** 'tylenol for my grandma, u have it?': an ask with nothing of its own asks for the thing just named. */
export function askedAfter(clauses: Clause[]): Clause[] {
  return clauses.map((c, i) => {
    const next = clauses[i + 1];
    const bare = next && next.productCue && next.leftover.length === 0 && next.bestScore < TOPICAL_SCORE;
    return bare && !c.productCue && c.bestScore < TOPICAL_SCORE && c.leftover.length > 0
      ? { ...c, productCue: true }
      : c;
  });
}

const SKIPPED: ReadonlySet<string> = new Set(V.sending.skip);
const POINTERS: ReadonlySet<string> = new Set(V.pointsBack);

/** What `askedNames` gives for a word that points back to a thing said before ('…ustedes venden eso?'). */
export const POINTED = "*";

/**
 * The things a message names right after the words that ask for one, past articles and numbers
 * ('tienen iphones?', 'busco cemento', 'necesito 20 sacos de cemento', 'do you sell Xbox
 * consoles?'): their first words, or POINTED for one pointed back to ('…ustedes venden eso?').
 * 'quisiera saber…', 'quiero que me cobren…' name none: a verb or 'que' follows the ask.
 */
export function askedNames(typed: readonly string[], known: Known, catalogueWords: ReadonlySet<string>): string[] {
  return V.productCues.ask.flatMap((k) =>
    findKeyword(typed, k, known).flatMap((at) => {
      let i = at + k.split(" ").length;
      const skipped = (w: string) => !POINTERS.has(w) && (SKIPPED.has(w) || /^\d+$/.test(w));
      while (i < typed.length && skipped(typed[i])) i++;
      const next = typed[i];
      if (next === undefined) return [];
      if (POINTERS.has(next)) return [POINTED];
      // A model's name counts: 'ps5', 'iphone15'.
      const model = /\p{L}/u.test(next) && /\d/.test(next);
      return model || namesAThing(next, known, catalogueWords) ? [next] : [];
    }),
  );
}

/** Whether a part of the product phrase is what a word of asking names ('tienen coditos?'), or what it points back to. */
export const asksFor = (named: readonly string[], part: string) =>
  named.includes(POINTED) || part.split(" ").some((w) => named.includes(w));
