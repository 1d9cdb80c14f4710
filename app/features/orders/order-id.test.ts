import { describe, expect, it } from "vitest";
import { sourceFilesMatching } from "../../../tests/support/source-files";
import { findOrderId, isOrderId, newOrderId } from "./order-id";

describe("the order id format (transaction_id)", () => {
  it("makes random 32-character lower-case hex ids", () => {
    const ids = Array.from({ length: 50 }, newOrderId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every(isOrderId)).toBe(true);
  });

  it("refuses anything else, so a lookup answers not found without a query", () => {
    for (const value of ["", "abc", "9F1C".repeat(8), "g".repeat(32), "a".repeat(31), "a".repeat(33), "<script>"]) {
      expect(isOrderId(value), value).toBe(false);
    }
  });

  it("finds an id in a message, in any case, as a whole word", () => {
    const id = newOrderId();
    expect(findOrderId(`¿Dónde está mi pedido ${id.toUpperCase()}?`)).toBe(id);
    expect(findOrderId(`pedido x${id}`)).toBeNull();
    expect(findOrderId("mi pedido 1234")).toBeNull();
  });

  it("is defined once: no other file writes its own order-id pattern", () => {
    expect(sourceFilesMatching(/TRANSACTION_ID\s*=|isTransactionId|newTransactionId/)).toEqual([]);
  });
});
