/**
 * The facts a question is answered with: the store's (exchange rate, company contacts and address,
 * whether express is open now), then those of this question (the time the shopper states, an
 * amount to convert, a distance, a basket, a comparison). The engine adds zones, coupons and deals.
 */
import type { Db } from "~/db/client.server";
import { getCompanyAddress, getCompanyInfo } from "~/features/content/content.server";
import { EXPRESS_CUTOFF_HOUR } from "~/features/content/policy";
import { getExchangeRate } from "~/features/currency/currency.server";
import { havanaTime, isExpressAvailable, minutesBeforeExpressCutoff } from "~/features/shipping/shipping";
import type { Language } from "~/i18n/languages";
import type { AssistantQuestion } from "../types";
import type { Analysis } from "./analysis";
import type { Facts } from "./facts";
import { formatTime } from "./stated-time";

export async function loadFacts(db: Db, lang: Language, question: AssistantQuestion, now: Date): Promise<Facts> {
  const [rate, company, address] = await Promise.all([
    getExchangeRate(db),
    getCompanyInfo(db, lang),
    getCompanyAddress(db),
  ]);
  return {
    lang,
    rate,
    company,
    address,
    pagePhones: { att: question.attPhone, sales: question.salesPhone },
    expressOpenNow: isExpressAvailable(now),
    expressMinutesLeft: minutesBeforeExpressCutoff(havanaTime(now)),
  };
}

/**
 * The facts of this question: at the time that counts, the one the shopper states ('son las 4 y
 * media'), else now (decision “Shipping price and the express cut-off”); with the amount the
 * shopper asks to convert and whether they compare options.
 */
export function factsFor(facts: Facts, a: Analysis): Facts {
  const time = a.statedTime;
  return {
    ...facts,
    ...(time
      ? {
          statedTime: formatTime(time),
          expressOpenNow: time.hour < EXPRESS_CUTOFF_HOUR,
          expressMinutesLeft: minutesBeforeExpressCutoff(time),
        }
      : {}),
    ...(a.conversion ? { conversion: a.conversion } : {}),
    ...(a.distanceKm ? { distanceKm: a.distanceKm } : {}),
    ...(a.basket ? { basket: a.basket } : {}),
    compare: a.compare,
    location: a.location,
  };
}
