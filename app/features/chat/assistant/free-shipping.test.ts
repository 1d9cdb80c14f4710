import { describe, expect, it } from "vitest";
import { spelledOut } from "./clauses";
import { basketOf, freeShippingSentence } from "./free-shipping";

describe("whether the shopper's basket ships free (decision “Shipping price and the express cut-off”)", () => {
  it("reads one amount in dollars and a coupon percentage, written with symbols or words", () => {
    expect(basketOf(spelledOut("if my cart is $52 and i use a 10% coupon do i still get free delivery"))).toEqual({
      cents: 5200,
      percentOff: 10,
    });
    expect(basketOf(spelledOut("si compro 45 dolares el envio es gratis?"))).toEqual({ cents: 4500, percentOff: null });
    expect(basketOf(spelledOut("con 60 usd y un cupon del 20 por ciento"))).toEqual({ cents: 6000, percentOff: 20 });
    // The coupon as an amount off, or as a bare number after its words ('un cupón del 10').
    expect(basketOf(spelledOut("i have $55 in the cart but a coupon for $10 off"))).toEqual({
      cents: 5500,
      percentOff: null,
      centsOff: 1000,
    });
    expect(basketOf(spelledOut("tengo 52 dolares en el carrito y un cupon del 10"))).toEqual({
      cents: 5200,
      percentOff: 10,
    });
    // Two amounts, or none, say nothing about one basket.
    expect(basketOf(spelledOut("si compro 40 dolares o 60 dolares"))).toBeNull();
    expect(basketOf(spelledOut("cuanto cuesta el envio"))).toBeNull();
  });

  it("counts the goods after the coupon against the $50 threshold", () => {
    expect(freeShippingSentence({ cents: 5200, percentOff: 10 }, "en")).toContain("$46.80 after the coupon");
    expect(freeShippingSentence({ cents: 5200, percentOff: 10 }, "en")).toContain("standard delivery is charged");
    expect(freeShippingSentence({ cents: 5200, percentOff: null }, "en")).toContain("standard delivery is free");
    expect(freeShippingSentence({ cents: 4500, percentOff: null }, "es")).toContain("te faltan $5.00");
    expect(freeShippingSentence({ cents: 5000, percentOff: null }, "es")).toContain("la entrega estándar es gratis");
    expect(freeShippingSentence({ cents: 5500, percentOff: null, centsOff: 1000 }, "en")).toContain(
      "a $10.00 coupon, your goods come to $45.00 after the coupon: that is under $50.00",
    );
    expect(freeShippingSentence({ cents: 5500, percentOff: null, centsOff: 1000 }, "es")).toContain(
      "un cupón de $10.00, los productos quedan en $45.00",
    );
  });
});
