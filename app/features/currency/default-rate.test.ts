import { describe, expect, it } from "vitest";
import { sourceFilesMatching } from "../../../tests/support/source-files";
import { DEFAULT_EXCHANGE_RATE } from "./default-rate";

describe("§9 the default exchange rate", () => {
  it("is 371 CUP per USD", () => {
    expect(DEFAULT_EXCHANGE_RATE).toBe(371);
  });

  it("is written in one file only: the shell, the API example and the orders import it", () => {
    expect(sourceFilesMatching(/(?<![\d.])371(?![\d.])/)).toEqual(["app/features/currency/default-rate.ts"]);
  });
});
