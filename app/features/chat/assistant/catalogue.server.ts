/**
 * Product questions (D23): the product phrase of a question is looked up with the store's own
 * search (D12: Spanish and English word forms, accents and one typo forgiven), so that the chat
 * finds what the search page finds. Up to three products are answered, preferring those whose
 * name carries a word of the phrase (the search also matches descriptions: 'arroz' finds a
 * chicken whose description mentions rice).
 */
import type { Db } from "~/db/client.server";
import type { ProductCardDto } from "~/features/catalog/types";
import { searchProducts } from "~/features/search/search.server";
import { typoDistance } from "~/features/search/typos";
import type { Language } from "~/i18n/languages";
import { words } from "./text";

/** Most products one reply lists. */
export const MAX_PRODUCTS = 3;
/** Most single-word fallback searches when the whole phrase finds nothing (bounds the work). */
const MAX_WORD_SEARCHES = 3;

export type ProductHits = { phrase: string; products: ProductCardDto[] };

function nameHasWord(product: ProductCardDto, phrase: string[]): boolean {
  const nameWords = words(`${product.name} ${product.name_en ?? ""}`);
  return phrase.some((q) =>
    nameWords.some(
      (w) =>
        w === q ||
        (q.length >= 3 && w.startsWith(q)) ||
        (w.length >= 4 && q.startsWith(w)) ||
        (q.length >= 5 && typoDistance(w, q) <= 1),
    ),
  );
}

async function search(db: Db, q: string, lang: Language): Promise<ProductCardDto[]> {
  const page = await searchProducts(db, { q, lang });
  return page.results;
}

/**
 * Products for a phrase: the whole phrase first; when it finds nothing, its longest words one by
 * one. Name matches first, then the rest in the search's order; at most MAX_PRODUCTS.
 */
export async function findProducts(db: Db, phrase: string, lang: Language): Promise<ProductHits> {
  const phraseWords = words(phrase);
  if (phraseWords.length === 0) return { phrase, products: [] };
  let results = await search(db, phrase, lang);
  if (results.length === 0 && phraseWords.length > 1) {
    const singles = [...new Set(phraseWords)]
      .filter((w) => w.length >= 3 && !/^\d+$/.test(w))
      .sort((a, b) => b.length - a.length)
      .slice(0, MAX_WORD_SEARCHES);
    for (const word of singles) {
      results = await search(db, word, lang);
      if (results.length > 0) break;
    }
  }
  const named = results.filter((p) => nameHasWord(p, phraseWords));
  const chosen = (named.length > 0 ? named : results).slice(0, MAX_PRODUCTS);
  return { phrase, products: chosen };
}

/** Whether some product's name carries a word of the phrase (a confident hit, not a description match). */
export function isNameHit(hits: ProductHits): boolean {
  const phraseWords = words(hits.phrase);
  return hits.products.some((p) => nameHasWord(p, phraseWords));
}
