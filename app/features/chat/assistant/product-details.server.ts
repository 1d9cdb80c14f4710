/**
 * What a shopper asks of a product they name by its brand ('¿cuánta garantía tiene el Xiaomi
 * Redmi Note 13?', 'does the Haier fridge have warranty? how long'): its own warranty, as its page
 * says it (the feature that names it, else whether it has one). The store's warranty rule follows
 * in the reply. What it holds ('¿qué trae el combo básico?'): a combo's parts, else its description.
 */
import type { Db } from "~/db/client.server";
import { getProduct } from "~/features/catalog/catalog.server";
import type { Language } from "~/i18n/languages";
import { localePath } from "~/i18n/links";
import type { ProductHits } from "./catalogue.server";

/** Products detailed in one reply at most. */
const MAX_DETAILED = 2;

type ProductPage = NonNullable<Awaited<ReturnType<typeof getProduct>>>;

/** A line per named product (at most MAX_DETAILED): its link, then what `say` reads from its page. */
async function detailLines(
  db: Db,
  hits: ProductHits,
  lang: Language,
  say: (product: ProductPage) => string,
): Promise<string[]> {
  const lines: string[] = [];
  for (const card of hits.products.slice(0, MAX_DETAILED)) {
    const product = await getProduct(db, card.id, lang);
    if (product) lines.push(`- [${card.display_name}](${localePath(lang, `/product/${card.id}`)}): ${say(product)}`);
  }
  return lines;
}

/** A line per named product with its own warranty. */
export function warrantyLines(db: Db, hits: ProductHits, lang: Language): Promise<string[]> {
  return detailLines(db, hits, lang, (product) => {
    const said = product.features_list.find((f) => /garant|warrant/i.test(f));
    const has = lang === "es" ? "tiene garantía" : "has a warranty";
    const none = lang === "es" ? "no tiene garantía" : "has no warranty";
    return said ?? (product.warranty ? has : none);
  });
}

/** A line per named product with what it holds: a combo's parts with their units, else its description. */
export function contentsLines(db: Db, hits: ProductHits, lang: Language): Promise<string[]> {
  return detailLines(db, hits, lang, (product) => {
    const parts = product.combo_parts.map((part) => `${part.quantity} × ${part.name}`).join(", ");
    return parts || (lang === "en" && product.description_en ? product.description_en : product.description);
  });
}
