import { describe, expect, it } from "vitest";
import { conversionOf, dollarsSaid, figures } from "./figures";
import { analyse } from "./intents";
import { words } from "./text";

describe("stated figures", () => {
  it("takes the first dollar figure a reply gave, to convert on 'y en cup?'", () => {
    expect(dollarsSaid("La entrega estándar es gratis cuando tus productos suman $50.00 o más")).toEqual({
      amount: 50,
      from: "usd",
    });
    expect(dollarsSaid("Kit solar: $1,290.00 (503,100 CUP)")).toEqual({ amount: 1290, from: "usd" });
    expect(dollarsSaid("El envío cuesta 80 CUP por km")).toBeNull();
  });

  it("reads a number and its unit, in figures or in words, never a time of day", () => {
    expect(figures(words("entregan en 3 horas o tres días?")).map((f) => [f.value, f.unit])).toEqual([
      [3, "hour"],
      [3, "day"],
    ]);
    expect(figures(words("antes de las 14 horas"))).toEqual([]);
    // A number and its unit written together.
    expect(figures(words("how much is shipping if its 5km away")).map((f) => [f.value, f.unit])).toEqual([[5, "km"]]);
  });

  it("converts an amount when the other currency is named", () => {
    expect(conversionOf(words("cuanto es 20 dolares en cup"))).toEqual({ amount: 20, from: "usd" });
    expect(conversionOf(words("how many dollars is 3900 pesos"))).toEqual({ amount: 3900, from: "cup" });
    expect(conversionOf(words("si compro 60 dolares pago envio?"))).toBeNull();
  });
});

describe("a leading question's wrong figure is corrected by its topic", () => {
  it.each([
    ["como tienen entrega en 3 horas me lo traen esta tarde?", "deliveryTime", "3 horas"],
    ["since you deliver within 5 hours can I get it tonight", "deliveryTime", "5 hours"],
    ["me dijeron que el por mayor es desde 5 unidades", "wholesale", "5 unidades"],
    ["I heard shipping is free over 20 dollars, right?", "shippingCost", "20 dollars"],
    ["como tienen 48 horas para reportar un defecto", "warranty", "48 horas"],
  ])("'%s' → %s (%s)", (message, topic, figure) => {
    const a = analyse(message);
    expect(a.falsePremise).toEqual({ topic, figure });
    expect(a.mainTopics[0]).toBe(topic);
  });

  it("a figure that agrees with the rules is no false premise", () => {
    expect(analyse("me dijeron que llega en 2 dias, verdad?").falsePremise).toBeNull();
    expect(analyse("tengo 24 horas para avisar un defecto, verdad?").falsePremise).toBeNull();
    expect(analyse("el envio es gratis desde 50 dolares, cierto?").falsePremise).toBeNull();
  });
});

describe("sub-questions and uses", () => {
  it("a comparison is read as one", () => {
    expect(analyse("el express es mas caro q el normal?").compare).toBe(true);
    expect(analyse("cuanto cuesta el express").compare).toBe(false);
  });

  it("a symptom names the products that treat it, a beneficiary is no gift question", () => {
    const a = analyse("necesito pastillas pa el dolor de cabeza");
    expect(a.mainTopics).toEqual([]);
    expect(a.useProducts).toContain("paracetamol");
    expect(analyse("quiero un celular barato pa mi mama").productPhrase).toBe("celular");
  });
});
