import { describe, expect, it } from "vitest";
import { sourceFilesMatching } from "../../../tests/support/source-files";
import { WHOLESALE_MIN_UNITS, unitPriceCents } from "./wholesale";

describe("§9 the wholesale threshold", () => {
  it("charges the wholesale price from WHOLESALE_MIN_UNITS units of one line", () => {
    const p = { priceCents: 650, wholesalePriceCents: 600 };
    expect(unitPriceCents(p, WHOLESALE_MIN_UNITS - 1)).toBe(650);
    expect(unitPriceCents(p, WHOLESALE_MIN_UNITS)).toBe(600);
  });

  it("is defined once: no other file sets the threshold or writes it in a text", () => {
    expect(sourceFilesMatching(/WHOLESALE_MIN\w* = /)).toEqual(["app/features/cart/wholesale.ts"]);
    // Messages, help pages and API descriptions interpolate the constant ({min}, {{wholesaleMin}}).
    expect(sourceFilesMatching(/\b(desde|from) 10 (unidades|units)|\b10 (units )?or more|\b10 unidades o más/)).toEqual(
      [],
    );
  });
});
