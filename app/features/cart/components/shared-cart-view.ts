/**
 * What the shared cart page renders (docs/features.md, "Shareable cart"): only the fields it shows, money as USD
 * numbers for `<Price>` (shown in the visitor's currency). Browser-safe: type imports only.
 */
import type { AddedSharedLine, SharedLine, SharedLineState } from "../shared-cart.server";

/** How long a shared link works (docs/features.md, "Shareable cart"). */
export const SHARE_DAYS = 7;

export type SharedLineView = {
  productId: number;
  /** Null when the product is no longer for sale. */
  name: string | null;
  imageUrl: string | null;
  count: number;
  available: number;
  state: SharedLineState;
  color: string;
  variety: string;
  unitPrice: number;
  lineTotal: number;
};

/** The outcome of "Añadir todo a mi carrito": how many units went in, and the lines not (all) added. */
export type AddAllView = {
  addedUnits: number;
  addedLines: number;
  problems: {
    productId: number;
    name: string | null;
    count: number;
    added: number;
    state: Exclude<SharedLineState, "inStock">;
  }[];
};

export function toSharedLineView(line: SharedLine): SharedLineView {
  return {
    productId: line.productId,
    name: line.product ? line.product.display_name || line.product.name : null,
    imageUrl: line.product?.image_url ?? null,
    count: line.count,
    available: line.available,
    state: line.state,
    color: line.color,
    variety: line.variety,
    unitPrice: line.unitPriceCents / 100,
    lineTotal: line.lineTotalCents / 100,
  };
}

export function toAddAllView(lines: AddedSharedLine[]): AddAllView {
  return {
    addedUnits: lines.reduce((sum, line) => sum + line.added, 0),
    addedLines: lines.filter((line) => line.added > 0).length,
    problems: lines
      .filter((line) => line.added < line.count)
      .map((line) => ({
        productId: line.productId,
        name: line.name || null,
        count: line.count,
        added: line.added,
        state: line.state === "inStock" ? "notEnoughStock" : line.state,
      })),
  };
}
