/** What the product page's alert form gets back when the server refuses it (docs/features.md, "Back-in-stock alerts"). */
export type StockAlertError =
  | "stockAlerts.errors.emailRequired"
  | "stockAlerts.errors.emailInvalid"
  | "stockAlerts.errors.inStock"
  | "stockAlerts.errors.notFound"
  | "stockAlerts.errors.rateLimited";

export type StockAlertFormData = { intent: "stock-alert"; ok: false; error: StockAlertError; email: string };

export const STOCK_ALERT_INTENTS = ["stock-alert", "stock-alert-cancel"] as const;
export type StockAlertIntent = (typeof STOCK_ALERT_INTENTS)[number];

export const isStockAlertIntent = (value: unknown): value is StockAlertIntent =>
  STOCK_ALERT_INTENTS.includes(value as StockAlertIntent);
