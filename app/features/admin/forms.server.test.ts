import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  checkbox,
  formList,
  formValues,
  movedOrder,
  optionalText,
  parseWith,
  readMove,
  requiredText,
  usdCents,
  wholeNumber,
} from "./forms.server";

// Issue 12, point 7: back-office forms are checked on the server, each error a translation key
// beside its field, money read as exact cents (D1).

const schema = z.object({
  name: requiredText(5),
  note: optionalText(3),
  price: usdCents(),
  wholesale: usdCents({ optional: true }),
  stock: wholeNumber(0, 100),
  active: checkbox,
});

describe("parseWith and the shared field schemas", () => {
  it("reads typed text into exact values", () => {
    const parsed = parseWith(schema, {
      name: "  Arroz ",
      note: "",
      price: "12,5",
      wholesale: "",
      stock: "7",
      active: "on",
    });
    expect(parsed).toEqual({
      ok: true,
      data: { name: "Arroz", note: "", price: 1250, wholesale: undefined, stock: 7, active: true },
    });
    expect(parseWith(schema, { name: "a", price: "0.07", stock: "0" })).toMatchObject({
      ok: true,
      data: { price: 7, active: false },
    });
  });

  it("answers each field's first error as a key", () => {
    const parsed = parseWith(schema, { name: "   ", note: "long", price: "1.234", wholesale: "-1", stock: "101" });
    expect(parsed).toEqual({
      ok: false,
      errors: {
        name: "admin.form.required",
        note: "admin.form.tooLong",
        price: "admin.form.money",
        wholesale: "admin.form.money",
        stock: "admin.form.wholeNumber",
      },
    });
    for (const bad of ["abc", "1e3", "12.", "99999999", "0x10", " ", "NaN"]) {
      expect(parseWith(z.object({ p: usdCents() }), { p: bad }).ok, bad).toBe(false);
    }
  });

  it("keeps what was typed, files left out", () => {
    const form = new FormData();
    form.append("name", "Arroz");
    form.append("colors", "rojo");
    form.append("colors", "azul");
    form.append("image", new File(["x"], "a.jpg"));
    expect(formValues(form)).toEqual({ name: "Arroz", colors: "azul" });
    expect(formList(form, "colors")).toEqual(["rojo", "azul"]);
    expect(formList(form, "image")).toEqual([]);
  });
});

describe("reorder buttons (categories and slides)", () => {
  it("swap an item with its neighbour, and refuse a move past either end", () => {
    expect(movedOrder(["a", "b", "c"], 1, "up")).toEqual(["b", "a", "c"]);
    expect(movedOrder(["a", "b", "c"], 1, "down")).toEqual(["a", "c", "b"]);
    expect(movedOrder(["a", "b", "c"], 0, "up")).toBeNull();
    expect(movedOrder(["a", "b", "c"], 2, "down")).toBeNull();
    expect(movedOrder(["a", "b", "c"], -1, "down")).toBeNull();
  });

  it("read a move post, and nothing else", () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(fields)) data.append(key, value);
      return data;
    };
    expect(readMove(form({ intent: "move", id: "7", direction: "up" }))).toEqual({ id: 7, direction: "up" });
    const bads: Array<Record<string, string>> = [
      { intent: "delete", id: "7", direction: "up" },
      { intent: "move", id: "0", direction: "up" },
      { intent: "move", id: "7x", direction: "down" },
      { intent: "move", id: "7", direction: "left" },
      { intent: "move", direction: "up" },
    ];
    for (const bad of bads) {
      expect(readMove(form(bad)), JSON.stringify(bad)).toBeNull();
    }
  });
});
