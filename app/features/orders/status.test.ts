import { describe, expect, it } from "vitest";
import { orderStatuses } from "~/db/schema/orders";
import {
  CANCELLABLE_STATUSES,
  ORDER_PATH,
  PLACED_STATUS,
  allowedMoves,
  canChangeStatus,
  isCancellable,
  isFinished,
} from "./status";

// Spec §4.1: the one table of order moves, read by the orders page, back office, API, help centre
// and assistant.
describe("§4.1 order statuses", () => {
  it("moves forward only, and cancels from the first two statuses", () => {
    const moves = Object.fromEntries(orderStatuses.map((s) => [s, allowedMoves(s)]));
    expect(moves).toEqual({
      not_processed: ["processed", "cancelled"],
      processed: ["shipping", "cancelled"],
      shipping: ["delivered"],
      delivered: [],
      cancelled: [],
    });
    expect(canChangeStatus("processed", "not_processed")).toBe(false);
    expect(canChangeStatus("shipping", "cancelled")).toBe(false);
  });

  it("lets the shopper cancel while not processed or processed, nothing later", () => {
    expect(CANCELLABLE_STATUSES).toEqual(["not_processed", "processed"]);
    expect(orderStatuses.filter(isCancellable)).toEqual(CANCELLABLE_STATUSES);
  });

  it("tracks an order along placed → processed → on its way → delivered", () => {
    expect(PLACED_STATUS).toBe("not_processed");
    expect(ORDER_PATH).toEqual(["not_processed", "processed", "shipping", "delivered"]);
    expect(orderStatuses.filter(isFinished)).toEqual(["delivered", "cancelled"]);
  });

  it("is a copy nowhere else: no other source file lists the cancellable statuses or the path", async () => {
    const { sourceFilesMatching } = await import("../../../tests/support/source-files");
    const lists = /\[\s*"not_processed",\s*"processed"\s*[,\]]/;
    expect(sourceFilesMatching(lists)).toEqual(["app/db/schema/orders.ts"]);
  });
});
