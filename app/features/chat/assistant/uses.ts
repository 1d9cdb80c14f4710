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
