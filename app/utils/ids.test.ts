import { describe, expect, it } from "vitest";
import { MAX_ROW_ID, isRowId, parseRowId } from "./ids";

describe("row ids (issue 22 point 5: bounded to PostgreSQL integer)", () => {
  it("isRowId accepts only whole numbers from 1 to 2147483647", () => {
    expect([1, MAX_ROW_ID].map(isRowId)).toEqual([true, true]);
    expect([0, -1, 1.5, MAX_ROW_ID + 1, Number.NaN, Infinity].map(isRowId)).toEqual(Array(6).fill(false));
  });

  it("parseRowId reads digits (or a number) up to the column's maximum, anything else is null", () => {
    expect(["1", " 12 ", "2147483647", 7].map(parseRowId)).toEqual([1, 12, MAX_ROW_ID, 7]);
    for (const bad of [
      "2147483648",
      "9999999999",
      "99999999999999999999",
      "0",
      "007",
      "-1",
      "+1",
      "1.5",
      "1e3",
      "0x1f",
      "",
      "1 2",
      null,
      undefined,
      0,
      2 ** 31,
      {},
    ]) {
      expect(parseRowId(bad), String(bad)).toBeNull();
    }
  });
});
