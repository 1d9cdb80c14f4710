import { describe, expect, it } from "vitest";
import { isVerbForm } from "./verb-forms";

describe("Spanish verb forms read by morphology (issue 23 point 5)", () => {
  it.each([
    "orientar",
    "aprovechar",
    "animarme",
    "repetirla",
    "hacerle",
    "regalarselos",
    "buscando",
    "conocer",
    "entender",
    "escoger",
    "devolver",
    "tener",
  ])("'%s' is a verb: no thing a shopper asks for", (word) => expect(isVerbForm(word)).toBe(true));

  it.each([
    "cigar",
    "solar",
    "lugar",
    "azucar",
    "collar",
    "chair",
    "hair",
    "blender",
    "router",
    "cargador",
    "bateria",
    "aire",
    "ventilador",
    "helado",
    "cover",
    "beer",
  ])("'%s' is not read as a verb", (word) => expect(isVerbForm(word)).toBe(false));
});
