/**
 * Products as the assistant lists them: a line per product with its price in USD and CUP and its
 * stock, plus what the question asked of it (its wholesale price, its saving); which of those a
 * question asks; the search page's link for a phrase.
 */
import type { Language } from "~/i18n/languages";
import { localePath } from "~/i18n/links";
import { formatPrice } from "~/utils/money";
import type { ProductHits } from "./catalogue.server";
import { savingOf } from "./deal-replies";
import type { Facts } from "./facts";
import type { Analysis } from "./analysis";
import { PHRASEBOOKS } from "./replies";
import { findKeyword, words } from "./text";
import { VOCABULARY } from "./vocabulary";

/** Topics whose answer, for a product the shopper names, is a price of that product. */
export type PricedTopic = "wholesale" | "deals";

/**
 * 'precio por mayor del arroz Gallo' asks a product's wholesale price: a price asked, a product
 * named, no quantity or purchase to come. 'si compro 20 cajas de cerveza, ¿me hacen precio?' asks
 * the rule, unless it names a brand ('10 paquetes de arroz Gallo'): a brand names the products
 * meant, a kind alone does not. '¿la bocina JBL Flip 6 está en oferta?' asks whether that product is on sale.
 */
export function pricedTopicOf(a: Analysis): { topic: PricedTopic; brandOnly: boolean } | null {
  if (a.ownWords.length === 0) return null;
  if (a.mainTopics.includes("deals")) return { topic: "deals", brandOnly: false };
  if (!a.mainTopics.includes("wholesale")) return null;
  const exact = new Set(a.words);
  const says = (keywords: readonly string[]) => keywords.some((k) => findKeyword(a.words, k, exact).length > 0);
  const priceAsked =
    says(VOCABULARY.productCues.price) &&
    !says([...VOCABULARY.futureOrder, ...VOCABULARY.hypothetical, ...VOCABULARY.claimUnits.unit]) &&
    !a.words.some((w) => /^\d+$/.test(w));
  return { topic: "wholesale", brandOnly: !priceAsked };
}

/** The products whose brand the shopper wrote ('arroz Gallo', 'cerveza Cristal'). */
export function byBrand(hits: ProductHits, typed: readonly string[]): ProductHits {
  const said = new Set(typed);
  const products = hits.products.filter((p) => {
    const brand = words(p.brand);
    return brand.length > 0 && brand.every((w) => said.has(w));
  });
  return { ...hits, products };
}

/** A line per product: price in USD and CUP, stock, and its wholesale price, its saving, its colours or its sizes when asked. */
export function productLines(
  hits: ProductHits,
  facts: Facts,
  asked?: PricedTopic,
  colors = false,
  sizes = false,
): string[] {
  const book = PHRASEBOOKS[facts.lang];
  const usd = (price: number) => formatPrice(price, "USD", facts.rate, facts.lang);
  return hits.products.map((p) => {
    const prices = `${usd(p.price)} (${formatPrice(p.price, "CUP", facts.rate, facts.lang)})`;
    const stock = p.quantity > 0 ? book.inStock(p.quantity) : book.outOfStock;
    const extra =
      asked === "wholesale"
        ? `, ${book.wholesaleOf(p.wholesale_price === null ? null : usd(p.wholesale_price))}`
        : asked === "deals"
          ? `, ${savingOf(p, facts.rate, facts.lang)}`
          : "";
    const tones = colors && p.colors_list.length > 0 ? `, ${book.colorsOf(p.colors_list.join(", "))}` : "";
    const kinds = sizes && p.varieties_list.length > 0 ? `, ${book.sizesOf(p.varieties_list.join(", "))}` : "";
    return `- [${p.display_name}](${localePath(facts.lang, `/product/${p.id}`)}): ${prices}, ${stock}${extra}${tones}${kinds}`;
  });
}

export function searchPath(lang: Language, phrase: string): string {
  return `${localePath(lang, "/search")}?q=${encodeURIComponent(phrase)}`;
}
