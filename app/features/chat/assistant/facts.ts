/**
 * What the store says about itself right now: the figures a reply may quote (replies.ts), the
 * facts the model may use (llm.server.ts). Filled by the engine for each question.
 */
import type { CompanyInfoDto } from "~/features/catalog/types";
import type { Language } from "~/i18n/languages";
import type { DealFact } from "./deal-replies";
import type { Conversion } from "./figures";
import type { Basket } from "./free-shipping";
import type { ZoneFact } from "./zone-replies";

/** The store's figures for one question. */
export type Facts = {
  lang: Language;
  /** CUP per USD, current (decision “One exchange rate”). */
  rate: number;
  company: CompanyInfoDto | null;
  /** The store's address (company record), given when the shopper asks where the store is. */
  address?: string;
  /** The shopper asks where the store is. */
  location?: boolean;
  /** The §7.6 phones the page sent, used only when the store has no company record yet. */
  pagePhones: { att?: string; sales?: string };
  /** Whether express can be chosen at the time that counts: the one the shopper states, else now (before 14:00 in Havana). */
  expressOpenNow: boolean;
  /** Minutes left before the express cut-off at the time that counts, while it is open. */
  expressMinutesLeft?: number;
  /** The time of day the shopper stated ('16:30'), when they did: the answer speaks of it, never of the clock. */
  statedTime?: string;
  /** An amount the shopper asks to convert at the current rate ('¿cuánto es 20 dólares en CUP?'). */
  conversion?: Conversion;
  /** A distance the shopper states, in km: priced at both rates. */
  distanceKm?: number;
  /** The goods' amount (and coupon) the shopper states: the shipping answer says whether it ships free. */
  basket?: Basket;
  /** Whether the shopper compares options ('¿el express es más caro que el normal?'): the answer names both. */
  compare?: boolean;
  /** The delivery zones of the places a delivery question names ('¿entregan en Guanabacoa?'), in its order. */
  zones?: ZoneFact[];
  /** The products on sale now, biggest saving first, when the shopper asks what is on sale. */
  deals?: DealFact[];
  /** The help centre's steps for placing an order, when the shopper asks how to buy ('¿cómo compro?'). */
  orderingSteps?: string;
};
