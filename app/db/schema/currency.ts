/** The exchange rate's history (spec §3 Exchange rate), owned by app/features/currency. */
import { date, index, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Date-stamped CUP-per-USD rates; the newest one is current (decision “One exchange rate”). */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: serial("id").primaryKey(),
    rate: numeric("rate", { precision: 10, scale: 2 }).notNull(),
    effectiveDate: date("effective_date").notNull(),
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("exchange_rates_date_idx").on(t.effectiveDate, t.createdAt)],
);
