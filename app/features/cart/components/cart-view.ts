/**
 * What the cart page renders of a cart (§2.13): only the fields it shows, money as USD numbers for
 * `<Price>` (decision “Prices are kept in US cents”; the server computed every figure, decisions “The wholesale price”, “The server decides every figure”). Browser-safe: type imports only.
 */
import type { CartLine, CartTotals } from "../cart-lines.server";

export type CartLineView = {
  id: number;
  count: number;
  color: string;
  variety: string;
  product: {
    id: number;
    name: string;
    brand: string;
    imageUrl: string | null;
    stock: number;
    city: string;
    wholesalePrice: number | null;
  };
  unitPrice: number;
  unitComparePrice: number;
  lineTotal: number;
  wholesaleApplied: boolean;
};

export type CartSummaryView = {
  lineCount: number;
  unitCount: number;
  subtotal: number;
  savings: number;
  total: number;
};

const usd = (cents: number) => cents / 100;

export function toCartLineView(line: CartLine): CartLineView {
  return {
    id: line.id,
    count: line.count,
    color: line.color,
    variety: line.variety,
    product: {
      id: line.product.id,
      name: line.product.display_name || line.product.name,
      brand: line.product.brand,
      imageUrl: line.product.image_url,
      stock: line.product.quantity,
      city: line.product.shop_city,
      wholesalePrice: line.product.wholesale_price,
    },
    unitPrice: usd(line.unitPriceCents),
    unitComparePrice: usd(line.unitComparePriceCents),
    lineTotal: usd(line.lineTotalCents),
    wholesaleApplied: line.wholesaleApplied,
  };
}

/** §2.13 summary: savings are what the original prices would have cost minus what is charged. */
export function toCartSummaryView(totals: CartTotals): CartSummaryView {
  return {
    lineCount: totals.itemCount,
    unitCount: totals.unitCount,
    subtotal: usd(totals.subtotalCents),
    savings: usd(Math.max(0, totals.compareTotalCents - totals.subtotalCents)),
    total: usd(totals.totalCents),
  };
}
