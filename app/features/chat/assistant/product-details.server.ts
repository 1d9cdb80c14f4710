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

/** Products whose own warranty one reply gives at most. */
const MAX_DETAILED = 2;

/** A line per named product with its own warranty. */
export async function warrantyLines(db: Db, hits: ProductHits, lang: Language): Promise<string[]> {
  const lines: string[] = [];
  for (const card of hits.products.slice(0, MAX_DETAILED)) {
    const product = await getProduct(db, card.id, lang);
    if (!product) continue;
    const said = product.features_list.find((f) => /garant|warrant/i.test(f));
    const has = lang === "es" ? "tiene garantía" : "has a warranty";
    const none = lang === "es" ? "no tiene garantía" : "has no warranty";
    const text = said ?? (product.warranty ? has : none);
    lines.push(`- [${card.display_name}](${localePath(lang, `/product/${card.id}`)}): ${text}`);
  }
  return lines;
}

/** A line per named product with what it holds: a combo's parts with their units, else its description. */
export async function contentsLines(db: Db, hits: ProductHits, lang: Language): Promise<string[]> {
  const lines: string[] = [];
  for (const card of hits.products.slice(0, MAX_DETAILED)) {
    const product = await getProduct(db, card.id, lang);
    if (!product) continue;
    const parts = product.combo_parts.map((part) => `${part.quantity} × ${part.name}`).join(", ");
    const description = lang === "en" && product.description_en ? product.description_en : product.description;
    lines.push(`- [${card.display_name}](${localePath(lang, `/product/${card.id}`)}): ${parts || description}`);
  }
  return lines;
}
