/**
 * Uses and symptoms (decision “The assistant works offline”): 'pastillas pa el dolor de cabeza',
 * 'something for a headache' name no product, but what treats them: vocabulary `uses` gives the
 * product words of each ('dolor de cabeza' → 'paracetamol ibuprofeno dipirona'), `useForms` the
 * words that only say the form ('pastillas', 'pills'). Pure.
 */
import { type Keyword, type Vocabulary as Known, coveredBy, findKeyword, words } from "./text";
import { VOCABULARY as V } from "./vocabulary";

const USE_WORDS: readonly Keyword[] = [...V.uses.map(([use]) => use), ...V.useForms];
/** The phrase without the words of a use or its form: what may still name a product. */
export function withoutUses(phrase: string, known: Known): string {
  const typed = words(phrase);
  const covered = coveredBy(typed, USE_WORDS, known);
  return typed.filter((_, i) => !covered[i]).join(" ");
}

/** The product words of the uses the words name (vocabulary `uses`), each once, the longest use first. */
export function useProductsOf(typed: readonly string[], known: Known): string[] {
  const found = V.uses
    .filter(([use]) => findKeyword(typed, use, known).length > 0)
    .sort((a, b) => b[0].split(" ").length - a[0].split(" ").length);
  return [...new Set(found.flatMap(([, products]) => products.split(" ")))];
}

/** The shoppers' names of products, the longest first (a longer name wins over the shorter one inside it). */
const PRODUCT_NAMES = [...V.productNames].sort((a, b) => b[0].split(" ").length - a[0].split(" ").length);

/**
 * The words with the shoppers' names of products replaced by the store's words (vocabulary
 * `productNames`: 'duralgina' → 'dipirona', 'motor de agua' → 'bomba de agua'), so that the
 * question is read, and its product searched, in the catalogue's words.
 */
export function inStoreWords(typed: readonly string[]): string[] {
  const exact: Known = new Set(typed);
  const replaced: Array<string[] | null> = typed.map(() => null);
  const taken = typed.map(() => false);
  for (const [name, instead] of PRODUCT_NAMES) {
    const size = name.split(" ").length;
    for (const at of findKeyword(typed, name, exact)) {
      if (taken.slice(at, at + size).some(Boolean)) continue;
      for (let j = 0; j < size; j++) taken[at + j] = true;
      replaced[at] = instead.split(" ");
    }
  }
  return typed.flatMap((w, i) => replaced[i] ?? (taken[i] ? [] : [w]));
}
