/**
 * Shoppers' vocabulary: synonym groups and filler words, kept as data
 * (vocabulary/es.json, vocabulary/en.json, and the operators' groups of the back office), and the
 * pure rules that turn typed text into the concepts a search must match. No database here: the
 * server side (synonyms.server.ts) adds the operators' groups, search.server.ts builds SQL.
 *
 * Both languages' groups and fillers apply to every search: shoppers mix them ("celular Samsung",
 * "pampers talla 4"), and a word of one language is rarely a different thing in the other.
 */
import en from "./vocabulary/en.json";
import es from "./vocabulary/es.json";

/** Longest query text considered; the rest is ignored (user input: bound the work, decision “Search forgives the way people type”). */
export const MAX_QUERY_LENGTH = 200;
/** Most words of one query that take part in matching. */
export const MAX_QUERY_WORDS = 8;
/** Longest synonym phrase, in words (longer phrases in the data are refused by validation). */
export const MAX_PHRASE_WORDS = 4;
/** Most alternatives one concept may have (its own words included): bounds the SQL. */
const MAX_ALTERNATIVES = 12;

/** One language's vocabulary file. */
export type VocabularyFile = { synonyms: string[][]; fillers: string[] };

/**
 * Lower-case, accent-free text with anything but letters and digits turned into single spaces:
 * the form every rule compares ("Pasta-de Dientes!" → "pasta de dientes"). 'ñ' loses its tilde
 * too, as the database's unaccent does, so both sides agree.
 */
export function normalizeText(text: string): string {
  return text
    .slice(0, MAX_QUERY_LENGTH)
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The words of `text`, normalised, in order (repeats kept: phrases need them). */
export function normalizedWords(text: string): string[] {
  const normal = normalizeText(text);
  return normal ? normal.split(" ") : [];
}

export type Vocabulary = {
  /** A normalised phrase ("pasta de dientes", "celular") → the other phrases of its groups. */
  synonyms: Map<string, string[]>;
  /** Normalised filler words. */
  fillers: Set<string>;
  /** Every word of every synonym phrase: known words, never typo-corrected. */
  words: Set<string>;
};

/** A vocabulary from synonym groups and fillers (files and operators' groups together). */
export function buildVocabulary(groups: readonly (readonly string[])[], fillers: readonly string[]): Vocabulary {
  const synonyms = new Map<string, Set<string>>();
  const words = new Set<string>();
  for (const group of groups) {
    const phrases = [...new Set(group.map(normalizeText).filter((p) => p.length > 0))];
    for (const phrase of phrases) {
      for (const word of phrase.split(" ")) words.add(word);
      const others = synonyms.get(phrase) ?? new Set<string>();
      for (const other of phrases) if (other !== phrase) others.add(other);
      synonyms.set(phrase, others);
    }
  }
  return {
    synonyms: new Map([...synonyms].map(([phrase, others]) => [phrase, [...others]])),
    fillers: new Set(fillers.map(normalizeText).filter((w) => w.length > 0 && !w.includes(" "))),
    words,
  };
}

/** The data files' synonym groups of each language (the back office shows them). */
export const FILE_VOCABULARY_BY_LANGUAGE: { es: string[][]; en: string[][] } = {
  es: (es as VocabularyFile).synonyms,
  en: (en as VocabularyFile).synonyms,
};

/** The groups and fillers of the data files, both languages. */
export const FILE_VOCABULARY: { groups: string[][]; fillers: string[] } = {
  groups: [...(es as VocabularyFile).synonyms, ...(en as VocabularyFile).synonyms],
  fillers: [...(es as VocabularyFile).fillers, ...(en as VocabularyFile).fillers],
};

/** The files' vocabulary alone (unit tests, and the base the operators' groups are added to). */
export const fileVocabulary = (): Vocabulary => buildVocabulary(FILE_VOCABULARY.groups, FILE_VOCABULARY.fillers);

/**
 * One thing the shopper asked for: a word or phrase as typed, and what else may stand for it
 * (synonyms). Each alternative is a list of words that must all match; a product matches the
 * concept when it matches any alternative.
 */
export type Concept = {
  /** The words as typed (normalised), e.g. ["pasta", "de", "dientes"]. */
  typed: string[];
  /** The vocabulary word a one-letter slip stood for ('trmo' → 'termo'), when one was found. */
  corrected?: string;
  /** The typed phrase first, then its correction and synonyms, each as words. */
  alternatives: string[][];
  /** Position of its first word among the query's words. */
  at?: number;
};

/** Candidate dictionary forms of a word for a synonym lookup: itself, then without a plural ending. */
function lookupForms(phrase: string): string[] {
  const forms = [phrase];
  if (phrase.length > 4 && phrase.endsWith("es")) forms.push(phrase.slice(0, -2));
  if (phrase.length > 3 && phrase.endsWith("s")) forms.push(phrase.slice(0, -1));
  return forms;
}

function synonymsOf(vocabulary: Vocabulary, phrase: string): string[] | null {
  for (const form of lookupForms(phrase)) {
    const found = vocabulary.synonyms.get(form);
    if (found) return form === phrase ? found : [form, ...found];
  }
  return null;
}

/**
 * The concepts of a query. At each position the longest synonym phrase of two words or more is
 * one concept ("pasta de dientes", not three words); otherwise a filler word ('oye', 'pa',
 * 'quiero', 'please') is dropped, and any other word is a concept of its own, typo-corrected by
 * `correct` when it knows the word is a slip then with its synonyms. When
 * every word is a filler they are kept (a search for 'hay' still searches). At most
 * MAX_QUERY_WORDS concepts, repeats removed.
 */
export function queryConcepts(
  text: string,
  vocabulary: Vocabulary,
  correct: (word: string) => string | null = () => null,
): Concept[] {
  const words = normalizedWords(text);
  const concepts: Concept[] = [];
  const fillers: string[] = [];
  const seen = new Set<string>();
  const add = (concept: Concept) => {
    const key = concept.typed.join(" ");
    if (seen.has(key) || concepts.length >= MAX_QUERY_WORDS) return;
    seen.add(key);
    concepts.push({ ...concept, alternatives: concept.alternatives.slice(0, MAX_ALTERNATIVES) });
  };
  let i = 0;
  while (i < words.length && concepts.length < MAX_QUERY_WORDS) {
    let phrase: Concept | null = null;
    for (let n = Math.min(MAX_PHRASE_WORDS, words.length - i); n >= 2 && !phrase; n--) {
      const typed = words.slice(i, i + n);
      const others = synonymsOf(vocabulary, typed.join(" "));
      if (others) phrase = { typed, at: i, alternatives: [typed, ...others.map((p) => p.split(" "))] };
    }
    if (phrase) {
      add(phrase);
      i += phrase.typed.length;
      continue;
    }
    const at = i;
    const word = words[i++];
    if (vocabulary.fillers.has(word)) {
      fillers.push(word);
      continue;
    }
    const corrected = correct(word);
    const others = synonymsOf(vocabulary, corrected ?? word) ?? [];
    add({
      typed: [word],
      at,
      ...(corrected ? { corrected } : {}),
      alternatives: [[word], ...(corrected ? [[corrected]] : []), ...others.map((p) => p.split(" "))],
    });
  }
  if (concepts.length === 0) for (const word of fillers) add({ typed: [word], alternatives: [[word]] });
  return concepts;
}

/** English words that end the head of a phrase ('case for phone', 'bottle of water'). */
const ENGLISH_LINKS = new Set(["for", "of", "with", "without", "to", "from", "in", "on"]);

/**
 * Which concept is the head of the query, the kind of thing asked for (a partial
 * match must have it). Spanish puts it first ('gafas de sol', 'comida pa perros', 'celular
 * barato'); English last, before any linking word ('dog food', 'case for phone').
 */
export function headConcept(text: string, concepts: readonly Concept[], lang: "es" | "en"): number {
  if (concepts.length <= 1 || lang === "es") return 0;
  const words = normalizedWords(text);
  const first = concepts[0].at ?? 0;
  const link = words.findIndex((w, i) => i > first && ENGLISH_LINKS.has(w));
  let head = concepts.length - 1;
  if (link >= 0) {
    for (let i = concepts.length - 1; i >= 0; i--) {
      if ((concepts[i].at ?? 0) < link) {
        head = i;
        break;
      }
    }
  }
  return head;
}
