import { describe, expect, it } from "vitest";
import { headWords, sizeInName } from "./catalogue.server";

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

describe("the size in a product's name, for 'the biggest one' (issue 23 point 5)", () => {
  it.each([
    ["Olla de presión Tramontina 7 L", { value: 7, unit: "l" }],
    ['Ventilador recargable Weidasi 18"', { value: 18, unit: '"' }],
    ["Aire acondicionado split Midea 18000 BTU", { value: 18000, unit: "btu" }],
    ["Batería de litio LiFePO4 Pylontech 2.4 kWh", { value: 2.4, unit: "kwh" }],
    ["Arroz blanco Gallo", null],
  ])("%s → %o", (name, size) => {
    expect(sizeInName(name)).toEqual(size);
  });
});
