/**
 * What is on sale, as the assistant says it ('¿qué hay en oferta?', 'is the JBL Flip 6 on sale?'):
 * the home page's "today's deals" (in stock, price below the original price, biggest saving first)
 * and, for a product the shopper names, its saving or that it has none. Pure: the engine loads them.
 */
import type { ProductCardDto } from "~/features/catalog/types";
import type { Language } from "~/i18n/languages";
import { localePath } from "~/i18n/links";
import { formatPrice } from "~/utils/money";

/** Deals one reply lists at most. */
export const MAX_DEALS = 5;

/** A product on sale: its price and the original one, in USD. */
export type DealFact = Pick<ProductCardDto, "id" | "display_name" | "price" | "original_price">;

const percentOff = (p: DealFact) => Math.round((1 - p.price / p.original_price) * 100);

/** 'antes $149.00, −20 %' for a product on sale; that it has no saving otherwise. */
export function savingOf(p: DealFact, rate: number, lang: Language): string {
  if (!(p.original_price > p.price)) return lang === "es" ? "sin rebaja ahora" : "not on sale right now";
  const was = formatPrice(p.original_price, "USD", rate, lang);
  return lang === "es" ? `en oferta: antes ${was} (−${percentOff(p)} %)` : `on sale: was ${was} (−${percentOff(p)}%)`;
}

/** The topic answer: the deals of the day with their savings, or that there are none now. */
export function dealsText(deals: readonly DealFact[] | undefined, rate: number, lang: Language): string {
  const es = lang === "es";
  const page = `${localePath(lang, "/")}#deals`;
  if (!deals || deals.length === 0) {
    return es
      ? `Ahora mismo no hay productos rebajados. Cuando los haya, los verás en «Ofertas del día» en la [portada](${page}), con su precio anterior.`
      : `No products are on sale right now. When there are, the [home page](${page}) shows them under "Today's deals", with their previous price.`;
  }
  const lines = deals.map((p) => {
    const now = `${formatPrice(p.price, "USD", rate, lang)} (${formatPrice(p.price, "CUP", rate, lang)})`;
    return `- [${p.display_name}](${localePath(lang, `/product/${p.id}`)}): ${now}, ${savingOf(p, rate, lang)}`;
  });
  const head = es
    ? "En oferta ahora (precio rebajado sobre el anterior):"
    : "On sale now (price cut from the previous one):";
  const more = es ? `[Ver todas las ofertas del día](${page})` : `[See all of today's deals](${page})`;
  return `${head}\n${lines.join("\n")}\n${more}`;
}
