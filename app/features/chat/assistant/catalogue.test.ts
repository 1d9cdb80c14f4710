import { describe, expect, it } from "vitest";
import { headWords } from "./catalogue.server";

describe("the kind of a product, as the search ranks it (issue 23 point 5)", () => {
  it.each([
    [{ name: "Atún en aceite Calvo 160 g", name_en: "Calvo Tuna in Oil 160 g" }, ["atun", "tuna"]],
    [
      { name: "Aceite vegetal Crisco 3 L", name_en: "Crisco Vegetable Oil 3 L" },
      ["aceite", "vegetal", "crisco", "oil"],
    ],
    [
      { name: 'Ventilador recargable Sogo 14"', name_en: 'Sogo Rechargeable Fan 14"' },
      ["ventilador", "recargable", "sogo", "fan"],
    ],
    [
      { name: "Funda protectora para teléfono Spigen", name_en: "Spigen Protective Phone Case" },
      ["funda", "protectora", "case"],
    ],
  ])("%o is a kind of %o", (product, head) => {
    expect(headWords(product)).toEqual(head);
  });
});
