import { describe, expect, it } from "vitest";
import { buildLexicon, correctWord, soundKey, suggestWord, typoDistance, undiminished } from "./typos";

// Issue 23 point 2: one slip in a word of four letters or more, when unambiguous; point 4: "did
// you mean".

const lexicon = buildLexicon([
  "termo",
  "hogar",
  "celular",
  "cafe",
  "cafetera",
  "shoes",
  "arroz",
  "casa",
  "cosa",
  "taza",
]);

describe("typoDistance", () => {
  it("counts one insertion, deletion, substitution or swap as one", () => {
    expect(typoDistance("trmo", "termo")).toBe(1);
    expect(typoDistance("hoar", "hogar")).toBe(1);
    expect(typoDistance("cafetrea", "cafetera")).toBe(1);
    expect(typoDistance("arroz", "arroz")).toBe(0);
    expect(typoDistance("cafe", "leche")).toBe(2);
    expect(typoDistance("abcdef", "badcfe", 4)).toBe(3);
  });
});

describe("correctWord", () => {
  it("reads a one-letter slip in a word of 4+ letters: trmo → termo, hoar → hogar, selular → celular", () => {
    expect(correctWord("trmo", lexicon)).toBe("termo");
    expect(correctWord("hoar", lexicon)).toBe("hogar");
    expect(correctWord("selular", lexicon)).toBe("celular");
    expect(correctWord("arroc", lexicon)).toBe("arroz");
  });

  it("leaves known words, short words, numbers and two slips alone", () => {
    expect(correctWord("termo", lexicon)).toBeNull();
    expect(correctWord("caf", lexicon)).toBeNull();
    expect(correctWord("1234", lexicon)).toBeNull();
    expect(correctWord("tirmi", lexicon)).toBeNull();
  });

  it("refuses an ambiguous slip, unless one candidate alone keeps the first letter", () => {
    // 'caza' is one slip from 'casa' and from 'taza': only 'casa' keeps the first letter.
    expect(correctWord("caza", lexicon)).toBe("casa");
    // 'coxa' is one slip from 'cosa' only.
    expect(correctWord("coxa", lexicon)).toBe("cosa");
    // 'cxsa' is one slip from 'casa' and from 'cosa', both with a 'c': ambiguous.
    expect(correctWord("cxsa", lexicon)).toBeNull();
  });

  it("issue 23 point 2 precision: no slip to a word with another first letter ('xbox' is not 'box', 'mama' not 'cama') or of under four letters ('toys' is not 'tos')", () => {
    const store = buildLexicon(["box", "cama", "tos", "hilo"]);
    expect(correctWord("xbox", store)).toBeNull();
    expect(correctWord("mama", store)).toBeNull();
    expect(correctWord("toys", store)).toBeNull();
  });

  it("issue 23 point 2: a word spelt by ear is the word it sounds like ('imbersor' → 'inversor', 'bentilador' → 'ventilador')", () => {
    const store = buildLexicon(["inversor", "ventilador", "cocina"]);
    expect(soundKey("imbersor")).toBe(soundKey("inversor"));
    expect(correctWord("imbersor", store)).toBe("inversor");
    expect(correctWord("bentilador", store)).toBe("ventilador");
    expect(correctWord("kosina", store)).toBe("cocina");
  });

  it("issue 23 point 2: a slip near several words of one synonym group is no ambiguity ('labtop' → 'laptop', not 'lactop')", () => {
    const store = buildLexicon(["laptop", "lactop", "portatil"], [["laptop", "portatil", "lactop"]]);
    expect(correctWord("labtop", store)).toBe("laptop");
    expect(correctWord("labtop", buildLexicon(["laptop", "lactop"]))).toBeNull();
  });

  it("issue 23 point 1: a diminutive is the word it was made from ('pollito' → 'pollo', 'arrocito' → 'arroz', 'frijolitos' → 'frijoles')", () => {
    const store = buildLexicon(["pollo", "arroz", "frijoles", "cafe", "perritos", "aceite", "pan"]);
    expect(correctWord("pollito", store)).toBe("pollo");
    expect(correctWord("arrocito", store)).toBe("arroz");
    expect(correctWord("frijolitos", store)).toBe("frijoles");
    expect(undiminished("cafecito", store)).toBe("cafe");
    expect(undiminished("aceitico", store)).toBe("aceite");
    // A known word is no diminutive ('perritos' are hot dogs); an unknown base finds nothing.
    expect(correctWord("perritos", store)).toBeNull();
    expect(undiminished("gatico", store)).toBeNull();
    expect(undiminished("pan", store)).toBeNull();
  });

  it("does not take a singular or plural for a slip ('shoe' is 'shoes' for the stemmers)", () => {
    expect(correctWord("shoe", lexicon)).toBeNull();
  });
});

describe("suggestWord", () => {
  it("offers the nearest known word, up to two slips for words of 6+ letters", () => {
    expect(suggestWord("cafeteras", lexicon)).toBe("cafetera");
    expect(suggestWord("cafetra", lexicon)).toBe("cafetera");
    expect(suggestWord("cefetra", lexicon)).toBe("cafetera");
    expect(suggestWord("xyzzy", lexicon)).toBeNull();
  });
});
