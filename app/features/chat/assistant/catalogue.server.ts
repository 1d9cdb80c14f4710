/**
 * Product questions (decision “The assistant works offline”): the product phrase of a question is looked up with the store's own
 * search (decision “Search forgives the way people type”: Spanish and English word forms, accents and one typo forgiven, the shoppers'
 * synonyms), so that the chat finds what the search page finds. Up to three products are
 * answered, preferring those whose name carries a word of the phrase or one of its synonyms (the
 * search also matches descriptions: 'arroz' finds a chicken whose description mentions rice).
 * Products whose kind (the head of the name) the phrase names come first, alone: 'aceite' lists
 * the oils, not the tuna in oil. When no product found for the whole phrase is of a kind it names ('pampers pa
 * bebé' finds only baby wipes), its words are searched one by one for products that are.
 */
import type { Db } from "~/db/client.server";
import type { ProductCardDto } from "~/features/catalog/types";
import { knownTerms } from "~/features/search/known-terms.server";
import { searchWithNotes } from "~/features/search/search.server";
import { searchVocabulary } from "~/features/search/synonyms.server";
import { soundKey, typoDistance } from "~/features/search/typos";
import { MAX_PHRASE_WORDS, normalizeText } from "~/features/search/vocabulary";
import type { Language } from "~/i18n/languages";
import { singulars, words } from "./text";

/**
 * The words of the question that name something in the catalogue (search_terms and the search's
 * synonyms, decision “Search forgives the way people type”), as written or as the plural of a term ('telefonos' of 'telefono'): such a word is never read as a keyword's
 * typo or plural.
 */
export async function catalogueWords(db: Db, message: string): Promise<Set<string>> {
  const typed = [...new Set(words(message))].filter((w) => w.length >= 3).slice(0, 40);
  if (typed.length === 0) return new Set();
  const forms = new Map(typed.map((w) => [w, [w, ...singulars(w)]]));
  const [terms, vocabulary] = await Promise.all([knownTerms(db, [...forms.values()].flat()), searchVocabulary(db)]);
  // A word of the search's synonyms names the catalogue too ('celular' finds the phones).
  const named = (f: string) => terms.has(f) || vocabulary.synonyms.has(f);
  return new Set(typed.filter((w) => forms.get(w)!.some(named)));
}

/** Most products one reply lists. */
export const MAX_PRODUCTS = 3;
/** Most single-word fallback searches when the whole phrase finds nothing (bounds the work). */
const MAX_WORD_SEARCHES = 3;

export type ProductHits = {
  phrase: string;
  products: ProductCardDto[];
  /** Whether the products listed are named by the phrase or a synonym (not matched by their description alone). */
  named: boolean;
  /** Whether no product has every word of the phrase: those listed are the closest ('motos eléctricas' finds a Moto phone). */
  partial?: boolean;
  /** Parts of the phrase said apart that found nothing ('vasos desechables' of 'servilletas y vasos desechables'). */
  missing?: string[];
};

/** How the products asked for are ordered when the shopper asks for the cheapest or the biggest. */
export type ProductOrder = "cheapest" | "biggest";

/** Synonym words shorter than this are not looked for in names ('de' of 'pasta de dientes'). */
const MIN_SYNONYM_WORD = 4;

/**
 * What names a product for the phrase: each of its words alone, and each of their synonyms in the
 * store's vocabulary (files and operators' groups) as a whole phrase ('pampers' also names
 * 'pañales', 'pasta de dientes' also 'pasta dental'). A synonym of several words names a product
 * only with all of them ('baby diapers' is no name for baby wipes); its short words ('de') are left out.
 */
async function withSynonyms(db: Db, phraseWords: string[]): Promise<string[][]> {
  const synonyms = withoutLinks(await searchVocabulary(db));
  // 'fans' names the 'Rechargeable Fan' too: each word's singulars are terms of their own.
  const forms = phraseWords.flatMap((w) => [w, ...singulars(w).filter((s) => s.length >= 3)]);
  const found = new Map<string, string[]>(forms.map((w) => [w, [w]]));
  for (let size = 1; size <= MAX_PHRASE_WORDS; size++) {
    for (let i = 0; i + size <= phraseWords.length; i++) {
      const phrase = normalizeText(phraseWords.slice(i, i + size).join(" "));
      // 'celulares' is the plural of the group's 'celular'.
      const forms = size === 1 ? [phrase, ...singulars(phrase)] : [phrase];
      const others = forms.flatMap((f) => synonyms.get(f) ?? []);
      for (const other of others) {
        const long = words(other).filter((w) => w.length >= MIN_SYNONYM_WORD);
        if (long.length > 0) found.set(long.join(" "), long);
      }
    }
  }
  return [...found.values()];
}

const linkless = new WeakMap<object, Map<string, string[]>>();
/** The synonym groups keyed without their linking words too: the phrase 'pasta dientes' lost its 'de'. */
function withoutLinks(vocabulary: { synonyms: Map<string, string[]> }): Map<string, string[]> {
  let found = linkless.get(vocabulary);
  if (!found) {
    found = new Map(vocabulary.synonyms);
    for (const [phrase, others] of vocabulary.synonyms) {
      const bare = words(phrase)
        .filter((w) => !HEAD_END.has(w))
        .join(" ");
      if (!found.has(bare)) found.set(bare, others);
    }
    linkless.set(vocabulary, found);
  }
  return found;
}

/**
 * The phrase's words that none of the products carries in its name, alone or through a synonym of
 * a span holding it ('pasta de dientes' is carried by 'Pasta dental'; 'eléctricas' is not by a Moto
 * phone). Numbers and units are sizes, not kinds, and short words say little: they are left out.
 */
async function uncarried(db: Db, phraseWords: string[], found: ProductCardDto[]): Promise<string[]> {
  const synonyms = withoutLinks(await searchVocabulary(db));
  const names = found.map((p) => words(`${p.name} ${p.name_en ?? ""}`));
  const carried = (term: string[]) => names.some((name) => term.every((w) => hasWord(name, [w])));
  const covered = new Set<number>();
  for (let size = 1; size <= MAX_PHRASE_WORDS; size++) {
    for (let i = 0; i + size <= phraseWords.length; i++) {
      const span = normalizeText(phraseWords.slice(i, i + size).join(" "));
      const forms = size === 1 ? [span, ...singulars(span)] : [span];
      const terms = [
        ...(size === 1 ? forms.map((f) => [f]) : []),
        ...forms
          .flatMap((f) => synonyms.get(f) ?? [])
          .map((other) => words(other).filter((w) => w.length >= MIN_SYNONYM_WORD)),
      ].filter((term) => term.length > 0);
      if (terms.some(carried)) for (let j = i; j < i + size; j++) covered.add(j);
    }
  }
  return phraseWords.filter((w, i) => !covered.has(i) && w.length >= 4 && !/\d/.test(w) && !UNIT_WORDS.has(w));
}

/** Words that end a name's head: what follows is packaging, an ingredient or a use. */
const HEAD_END = new Set("de del en con para sin por y e o a in with for of and without or to".split(" "));
/** Units that are no kind of product ('Tuna in Oil 160 g'). */
const UNIT_WORDS = new Set(
  "gb tb mb kg g mg mcg ml l w kw wh kwh btu hp v ah mah cm mm m lb lbs oz gal count pack rolls x".split(" "),
);

/**
 * The words that say what kind of product it is, as the search ranks it (search.server.ts): the
 * Spanish name up to its first preposition or number ('Atún en aceite Calvo' → atún), and the last
 * word of the English name before a preposition, sizes and units left out ('Calvo Tuna in Oil' → tuna).
 */
export function headWords(product: Pick<ProductCardDto, "name" | "name_en">): string[] {
  const upTo = (all: string[], stop: (w: string) => boolean) => {
    const end = all.findIndex(stop);
    return end < 0 ? all : all.slice(0, end);
  };
  const hasDigit = (w: string) => /\d/.test(w);
  const es = upTo(words(product.name), (w) => HEAD_END.has(w) || hasDigit(w));
  const en = upTo(words(product.name_en ?? ""), (w) => HEAD_END.has(w)).filter(
    (w) => !hasDigit(w) && !UNIT_WORDS.has(w),
  );
  return [...es, ...en.slice(-1)];
}

function nameHasWord(product: ProductCardDto, terms: string[][]): boolean {
  return hasTerm(words(`${product.name} ${product.name_en ?? ""}`), terms);
}

/** Whether these words hold every word of one of the terms. */
function hasTerm(nameWords: string[], terms: string[][]): boolean {
  return terms.some((term) => term.every((w) => hasWord(nameWords, [w])));
}

function hasWord(nameWords: string[], phrase: string[]): boolean {
  return phrase.some((q) => {
    // Spelt by ear: 'picadiyo' is 'picadillo', 'aseite' is 'aceite'.
    const sound = q.length >= 4 ? soundKey(q) : null;
    return nameWords.some(
      (w) =>
        w === q ||
        (q.length >= 3 && w.startsWith(q)) ||
        (w.length >= 4 && q.startsWith(w)) ||
        (q.length >= 5 && typoDistance(w, q) <= 1) ||
        (sound !== null && soundKey(w) === sound),
    );
  });
}

/** The search's products for the words. */
async function search(db: Db, q: string, lang: Language): Promise<ProductCardDto[]> {
  return (await searchWithNotes(db, { q, lang })).results;
}

/**
 * The search's products for the whole phrase; none when no product has every word and the best
 * match shares only a number or a unit with it ('playstation 5' is no '5 kg' rice).
 */
async function searchPhrase(
  db: Db,
  phrase: string,
  lang: Language,
): Promise<{ results: ProductCardDto[]; partial: boolean }> {
  const { results, notes } = await searchWithNotes(db, { q: phrase, lang });
  const shared = words(notes.shownFor ?? "");
  if (notes.partial && shared.every((w) => /^\d+$/.test(w) || UNIT_WORDS.has(w)))
    return { results: [], partial: false };
  return { results, partial: notes.partial };
}

/**
 * Products for a phrase: the whole phrase first; when none found is of the kind its head asks
 * for (the words before 'para', 'for'), the head alone; when it finds nothing, its longest words one by
 * one. Name matches first, then the rest in the search's order (cheapest first when asked); at most
 * MAX_PRODUCTS.
 */
export async function findProducts(
  db: Db,
  phrase: string,
  lang: Language,
  head = phrase,
  order: ProductOrder | null = null,
): Promise<ProductHits> {
  const phraseWords = words(phrase);
  if (phraseWords.length === 0) return { phrase, products: [], named: false };
  const nameWords = await withSynonyms(db, phraseWords);
  const isNamed = (p: ProductCardDto) => nameHasWord(p, nameWords);
  const isKind = (p: ProductCardDto) => hasWord(headWords(p), nameWords.flat());
  let { results, partial } = await searchPhrase(db, phrase, lang);
  // Products found for part of the phrase (its head, or one word) are only the closest when
  // another word of it is in none of them ('iphones havana' finds Havana Club rum).
  let narrowed = false;
  // 'baterías pal inversor': the batteries, not the inverters, when none found is of the kind asked.
  if (head && head !== phrase) {
    const asked = (await withSynonyms(db, words(head))).flat();
    const isAsked = (p: ProductCardDto) => hasWord(headWords(p), asked);
    const found = results.some(isAsked) ? results : [...(await search(db, head, lang)), ...results];
    if (found.some(isAsked)) {
      partial = partial && !results.some(isAsked);
      narrowed = true;
      results = [...new Map([...found.filter(isAsked), ...results].map((p) => [p.id, p])).values()];
    }
  }
  // 'pampers pa bebé' finds baby wipes (named 'bebé' only in passing): look for the kind it names.
  // 'amoxicilina pa mi niña': when nothing has the words and the first real word, what is asked
  // for, finds nothing alone either, the store does not sell it (the girl's uniform is no answer).
  const asked = phraseWords.find((w) => w.length >= 4 && !/^\d+$/.test(w));
  if (results.length === 0 && phraseWords.length > 1 && asked && (await search(db, asked, lang)).length === 0)
    return { phrase, products: [], named: false };
  if (!results.some(isKind) && phraseWords.length > 1) {
    const singles = [...new Set(phraseWords)]
      .filter((w) => w.length >= 3 && !/^\d+$/.test(w))
      .sort((a, b) => b.length - a.length)
      .slice(0, MAX_WORD_SEARCHES);
    for (const word of singles) {
      const found = await search(db, word, lang);
      if (found.some(isKind) || (found.some(isNamed) && !results.some(isNamed))) {
        results = found;
        partial = false;
        narrowed = true;
        break;
      }
      if (results.length === 0) {
        results = found;
        partial = found.length > 0;
      }
    }
  }
  const named = results.filter(isNamed);
  // 'precio del aceite': the oils, not the tuna in oil, when the phrase names some products' kind.
  // A product already named by a term is of its kind when its head holds any word of the terms.
  const kind = named.filter(isKind);
  const pool = kind.length > 0 ? kind : named.length > 0 ? named : results;
  // 'un celular barato': of the products asked for, those in stock, cheapest first.
  // 'el más grande': the largest size of the products asked for first.
  const chosen = (order === "cheapest" ? byPrice(pool) : order === "biggest" ? bySize(pool) : pool).slice(
    0,
    MAX_PRODUCTS,
  );
  // Only the closest when a word asked for is in none of them ('motos eléctricas': a Moto phone).
  partial = (partial || narrowed) && chosen.length > 0 && (await uncarried(db, phraseWords, chosen)).length > 0;
  return { phrase, products: chosen, named: named.length > 0, partial };
}

/** Most parts of a phrase looked up one by one. */
const MAX_PARTS = MAX_PRODUCTS;

/**
 * Products for the parts of a phrase said apart ('gel de ducha y lejía'), when the products found
 * for the whole phrase do not carry every word: each part's own, taken in turn (the first of each,
 * then the second…), the closest ones too. Parts that find nothing named are `missing` ('vasos
 * desechables'); null when no part finds anything or the whole phrase's products already answer it.
 */
export async function findEach(
  db: Db,
  parts: readonly string[],
  lang: Language,
  order: ProductOrder | null,
  whole: ProductHits,
): Promise<ProductHits | null> {
  if (parts.length < 2) return null;
  const all = words(parts.join(" "));
  if (whole.named && !whole.partial && (await uncarried(db, all, whole.products)).length === 0) return null;
  const asked = parts.slice(0, MAX_PARTS);
  const each = await Promise.all(asked.map((part) => findProducts(db, part, lang, part, order)));
  const found = each.filter((h) => h.named && h.products.length > 0);
  if (found.length === 0) return null;
  const products = new Map<number, ProductCardDto>();
  for (let i = 0; products.size < MAX_PRODUCTS && found.some((h) => i < h.products.length); i++)
    for (const h of found)
      if (h.products[i] && products.size < MAX_PRODUCTS) products.set(h.products[i].id, h.products[i]);
  return {
    phrase: found.map((h) => h.phrase).join(", "),
    products: [...products.values()],
    named: true,
    // A part found only in part makes the list only the closest.
    partial: found.some((h) => h.partial),
    missing: asked.filter((_, i) => !found.includes(each[i])),
  };
}

/** The brands of the products the phrase names ('marcas de split' → Midea, Royal, Gree), the most relevant first. */
export async function brandsOf(db: Db, phrase: string, lang: Language): Promise<string[]> {
  const phraseWords = words(phrase);
  if (phraseWords.length === 0) return [];
  const nameWords = await withSynonyms(db, phraseWords);
  const named = (await search(db, phrase, lang)).filter((p) => p.brand && nameHasWord(p, nameWords));
  return [...new Set(named.map((p) => p.brand))];
}

/** A size in a product's name and its unit ('Olla de presión Tramontina 7 L' → 7 l, 'Ventilador 18"' → 18 "). */
export function sizeInName(name: string): { value: number; unit: string } | null {
  const found =
    /(\d+(?:[.,]\d+)?)\s*(btu|mah|kwh|kw|w|l|ml|gb|tb|kg|g|lb|"|pulgadas|inch|in|cm|m|tazas|cups)(?![\p{L}\d])/iu.exec(
      name,
    );
  return found ? { value: Number(found[1].replace(",", ".")), unit: found[2].toLowerCase() } : null;
}

/** The products with a size in the commonest unit, largest first, then the rest in the search's order. */
function bySize(products: ProductCardDto[]): ProductCardDto[] {
  const sized = products.map((p) => ({ p, size: sizeInName(p.name) }));
  const units = new Map<string, number>();
  for (const { size } of sized) if (size) units.set(size.unit, (units.get(size.unit) ?? 0) + 1);
  const unit = [...units.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const value = (s: { value: number; unit: string } | null) => (s && s.unit === unit ? s.value : -1);
  return sized
    .map((x, i) => ({ ...x, i }))
    .sort((a, b) => value(b.size) - value(a.size) || a.i - b.i)
    .map(({ p }) => p);
}

/** In stock first, then cheapest first (the search's order among equal prices). */
function byPrice(products: ProductCardDto[]): ProductCardDto[] {
  return products
    .map((p, i) => ({ p, i }))
    .sort((a, b) => Number(b.p.quantity > 0) - Number(a.p.quantity > 0) || a.p.price - b.p.price || a.i - b.i)
    .map(({ p }) => p);
}

/** Whether some product's name carries a word of the phrase or a synonym (a confident hit, not a description match). */
export function isNameHit(hits: ProductHits): boolean {
  return hits.named;
}

/**
 * Products for a use or symptom ('dolor de cabeza'): each product word the vocabulary gives for it
 * (`uses`: 'paracetamol ibuprofeno dipirona') is searched alone, and the products it names are
 * listed, the first word's first; at most MAX_PRODUCTS.
 */
export async function findUseProducts(
  db: Db,
  phrase: string,
  productWords: string[],
  lang: Language,
): Promise<ProductHits> {
  const found = new Map<number, ProductCardDto>();
  for (const word of productWords.slice(0, MAX_PRODUCTS)) {
    const named = (await search(db, word, lang)).filter((p) => nameHasWord(p, [[word]]));
    for (const p of named.slice(0, 2)) if (!found.has(p.id)) found.set(p.id, p);
  }
  return { phrase, products: [...found.values()].slice(0, MAX_PRODUCTS), named: found.size > 0 };
}
