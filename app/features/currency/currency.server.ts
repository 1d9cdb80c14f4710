import { desc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { exchangeRates } from "~/db/schema/currency";
import { settingMemo } from "~/features/cache/settings-memo.server";
import { havanaDate } from "~/utils/dates";
import { DEFAULT_EXCHANGE_RATE } from "./default-rate";

/** The rate is read by every page: memoised, dropped by any change but one of stock alone. */
const currentRate = settingMemo((db) =>
  db
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .orderBy(desc(exchangeRates.effectiveDate), desc(exchangeRates.createdAt), desc(exchangeRates.id))
    .limit(1)
    .then(([row]) => (row ? Number(row.rate) : DEFAULT_EXCHANGE_RATE)),
);

/** The current CUP-per-USD rate: the newest one the operator set, else the default (decision “One exchange rate”). */
export function getExchangeRate(db: Db): Promise<number> {
  return currentRate.get(db);
}

/** Records a new rate (operator action, decision “One exchange rate”/decision “The back office”); it becomes current at once in this process. */
export async function setExchangeRate(db: Db, rate: number, source: string, effectiveDate = new Date()): Promise<void> {
  if (!(rate > 0 && rate < 1_000_000)) throw new RangeError("rate must be a positive number");
  await db.insert(exchangeRates).values({
    rate: rate.toFixed(2),
    source,
    effectiveDate: havanaDate(effectiveDate),
  });
  currentRate.drop(db);
}
