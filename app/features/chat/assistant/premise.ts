/**
 * A leading question's false premise (decision “The assistant works offline”): 'como tienen
 * devoluciones de 30 días…', 'since you deliver within 3 hours…', 'me dijeron que el por mayor es
 * desde 5 unidades'. A premise needs a marker ('como tienen', 'me dijeron', 'since you', 'is it
 * true'); then either a claim word the store's facts contradict (returns of any length, card
 * payment, vocabulary `premiseClaims`), or a figure (figures.ts) that a rule of the store's policy
 * contradicts: delivery in hours or weeks, a defect window other than 24 hours, wholesale below
 * its threshold, free shipping below its threshold, a per-km rate the store does not charge, a
 * percentage off the wholesale price. Every figure is the policy's own (policy.ts). Pure.
 */
import {
  DEFECT_REPORT_HOURS,
  FREE_SHIPPING_MIN_CENTS,
  MIN_WARRANTY_DAYS,
  SHIPPING_RATE_CUP_PER_KM,
  STANDARD_DELIVERY_DAYS,
  WHOLESALE_MIN_UNITS,
} from "~/features/content/policy";
import { type Figure, figures } from "./figures";
import { type Keyword, type Vocabulary as Known, findKeyword } from "./text";
import { type Topic, VOCABULARY as V } from "./vocabulary";

export type FalsePremise = {
  /** The topic whose answer corrects it (answered first). */
  topic: Topic;
  /** The wrong figure as the shopper wrote it ('3 horas'), when a figure is what is wrong. */
  figure: string | null;
};

const HOURS_PER_DAY = 24;
const DELIVERY: readonly Topic[] = ["deliveryTime", "express"];
const DEFECTS: readonly Topic[] = ["warranty", "returns"];

const has = (typed: readonly string[], keywords: readonly Keyword[], known: Known) =>
  keywords.some((k) => findKeyword(typed, k, known).length > 0);

/**
 * The topic a stated figure is a wrong claim about, given the topics the question names; null
 * when the figure agrees with the rules or is about none of them.
 */
function wrongFigure(f: Figure, typed: readonly string[], topics: readonly Topic[]): Topic | null {
  const about = (list: readonly Topic[]) => list.some((t) => topics.includes(t));
  const perKm = typed.slice(f.at + 1, f.at + 4).includes("km");
  const deliveryDays = (days: number) => days >= STANDARD_DELIVERY_DAYS.min && days <= STANDARD_DELIVERY_DAYS.max;
  switch (f.unit) {
    case "hour":
      if (about(DEFECTS)) return f.value === DEFECT_REPORT_HOURS ? null : "warranty";
      if (about(DELIVERY))
        return f.value % HOURS_PER_DAY === 0 && deliveryDays(f.value / HOURS_PER_DAY) ? null : "deliveryTime";
      return null;
    case "day":
      if (about(DELIVERY) && !about(DEFECTS)) return deliveryDays(f.value) ? null : "deliveryTime";
      return null;
    case "week":
    case "month":
    case "year":
      return about(DELIVERY) && !about(DEFECTS) ? "deliveryTime" : null;
    case "unit":
      return topics.includes("wholesale") && f.value < WHOLESALE_MIN_UNITS ? "wholesale" : null;
    case "usd":
      return topics.includes("shippingCost") && f.value * 100 < FREE_SHIPPING_MIN_CENTS ? "shippingCost" : null;
    case "cup": {
      const rates: number[] = Object.values(SHIPPING_RATE_CUP_PER_KM);
      return perKm && about(["shippingCost", "express"]) && !rates.includes(f.value) ? "shippingCost" : null;
    }
    case "percent":
      return topics.includes("wholesale") ? "wholesale" : null;
    case "km":
      return null; // a distance is priced (figures.ts distanceOf), never a claim to correct
  }
}

/** The false premise of a leading question, if it has one (see the module comment). */
export function falsePremiseOf(
  typed: readonly string[],
  mainTopics: readonly Topic[],
  topics: readonly Topic[],
  known: Known,
): FalsePremise | null {
  if (!has(typed, V.premiseMarkers, known)) return null;
  const named = [...new Set([...mainTopics, ...topics])];
  for (const f of figures(typed)) {
    const topic = wrongFigure(f, typed, named);
    if (topic) return { topic, figure: f.text };
  }
  for (const topic of ["returns", "warranty", "payment"] as const) {
    if (!mainTopics.includes(topic) || !has(typed, V.premiseClaims[topic], known)) continue;
    // '¿la garantía es de 15 días, verdad?' is right: nothing to correct.
    if (topic === "warranty" && typed.includes(String(MIN_WARRANTY_DAYS))) continue;
    return { topic, figure: null };
  }
  return null;
}
