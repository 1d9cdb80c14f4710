import { describe, expect, it } from "vitest";
import en from "./vocabulary/en.json";
import es from "./vocabulary/es.json";
import {
  MAX_PHRASE_WORDS,
  buildVocabulary,
  fileVocabulary,
  headConcept,
  normalizeText,
  queryConcepts,
} from "./vocabulary";

// Issue 23 point 1 (vocabulary as data) and point 2 (fillers dropped): the pure rules.

const vocabulary = fileVocabulary();
const concepts = (q: string, correct?: (w: string) => string | null) =>
  queryConcepts(q, vocabulary, correct).map((c) => ({
    typed: c.typed.join(" "),
    alternatives: c.alternatives.map((a) => a.join(" ")),
  }));

describe("the vocabulary files (issue 23 point 1)", () => {
  it("hold the issue's groups, in Spanish and English", () => {
    const groups = es.synonyms.map((g) => g.map(normalizeText));
    const together = (...words: string[]) => groups.some((g) => words.every((w) => g.includes(normalizeText(w))));
    expect(together("celular", "móvil", "teléfono", "smartphone")).toBe(true);
    expect(together("pampers", "culeros", "pañales")).toBe(true);
    expect(together("pasta de dientes", "crema dental", "pasta dental")).toBe(true);
    expect(together("pullover", "camiseta")).toBe(true);
    expect(together("nevera", "refrigerador")).toBe(true);
    expect(together("split", "aire acondicionado")).toBe(true);
    expect(together("planta eléctrica", "generador")).toBe(true);
    expect(together("spaguetis", "espaguetis", "spaghetti")).toBe(true);
    expect(together("zapatos", "tenis")).toBe(true);
    expect(en.synonyms.some((g) => g.includes("diapers") && g.includes("pampers"))).toBe(true);
    for (const filler of ["oye", "pa", "quiero", "tienen", "hay"]) expect(es.fillers).toContain(filler);
    expect(en.fillers).toContain("please");
  });

  it("have no phrase longer than MAX_PHRASE_WORDS and no filler that is also a synonym", () => {
    for (const group of [...es.synonyms, ...en.synonyms]) {
      for (const phrase of group) expect(normalizeText(phrase).split(" ").length).toBeLessThanOrEqual(MAX_PHRASE_WORDS);
    }
    for (const filler of vocabulary.fillers) expect(vocabulary.synonyms.has(filler), filler).toBe(false);
  });
});

describe("queryConcepts (issue 23 points 1 and 2)", () => {
  it("is accent-, case- and punctuation-insensitive", () => {
    expect(normalizeText("  ¡Pasta-de DIENTES!  ")).toBe("pasta de dientes");
    expect(concepts("CELULAR")).toEqual(concepts("celular"));
    expect(concepts("Móvil")).toEqual(concepts("movil"));
    expect(concepts("pañales")[0].alternatives).toContain("pampers");
  });

  it("expands a word to its synonyms, the word as typed first", () => {
    const [celular] = concepts("celular");
    expect(celular.alternatives[0]).toBe("celular");
    expect(celular.alternatives).toEqual(expect.arrayContaining(["telefono", "movil", "smartphone"]));
  });

  it("reads a multi-word synonym as one concept: 'pasta de dientes' → 'pasta dental'", () => {
    const found = concepts("pasta de dientes");
    expect(found).toHaveLength(1);
    expect(found[0].alternatives).toEqual(expect.arrayContaining(["pasta de dientes", "pasta dental", "crema dental"]));
    // And the other way: 'aire acondicionado' ↔ 'split'.
    expect(concepts("aire acondicionado")[0].alternatives).toContain("split");
  });

  it("finds the synonyms of a plural ('celulares')", () => {
    expect(concepts("celulares")[0].alternatives).toEqual(expect.arrayContaining(["celular", "telefono"]));
  });

  it("drops fillers, unless nothing else is left", () => {
    expect(concepts("oye, tienen arroz pa mañana?").map((c) => c.typed)).toEqual(["arroz"]);
    expect(concepts("quiero un celular please").map((c) => c.typed)).toEqual(["celular"]);
    expect(concepts("hay").map((c) => c.typed)).toEqual(["hay"]);
  });

  it("uses a typo correction before the synonyms, and keeps the word as typed", () => {
    const [selular] = concepts("selular", (w) => (w === "selular" ? "celular" : null));
    expect(selular.alternatives[0]).toBe("selular");
    expect(selular.alternatives[1]).toBe("celular");
    expect(selular.alternatives).toContain("telefono");
  });

  it("adds operators' groups to the files' ones", () => {
    const withOperators = buildVocabulary([...es.synonyms, ["Guagua", "ómnibus"]], es.fillers);
    const [guagua] = queryConcepts("guagua", withOperators);
    expect(guagua.alternatives.map((a) => a.join(" "))).toEqual(["guagua", "omnibus"]);
  });

  it("bounds the work: at most 8 concepts, repeats removed", () => {
    expect(concepts("a1 b1 c1 d1 e1 f1 g1 h1 i1 j1")).toHaveLength(8);
    expect(concepts("arroz arroz ARROZ")).toHaveLength(1);
    expect(concepts("")).toEqual([]);
    expect(concepts("!!! ¿?")).toEqual([]);
  });
});

describe("headConcept (issue 23 point 2: what a partial match must carry)", () => {
  const vocabulary = fileVocabulary();
  const head = (q: string, lang: "es" | "en") => {
    const concepts = queryConcepts(q, vocabulary);
    return concepts[headConcept(q, concepts, lang)].typed.join(" ");
  };
  it("is the first concept in Spanish, the last before a linking word in English", () => {
    expect(head("gafas de sol", "es")).toBe("gafas");
    expect(head("comida pa perros", "es")).toBe("comida");
    expect(head("dog food", "en")).toBe("food");
    expect(head("case for my phone", "en")).toBe("case");
    expect(head("arroz", "es")).toBe("arroz");
  });
});
