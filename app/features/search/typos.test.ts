import { describe, expect, it } from "vitest";
import { buildLexicon, correctWord, suggestWord, typoDistance } from "./typos";

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
