/**
 * The figures a shopper states (decision “The assistant works offline”): a number and the unit
 * that follows it ('3 horas', 'tres días', '5 unidades', '20 dólares', '10 por ciento'), read from
 * the question's folded words with the units of vocabulary/*.json (`claimUnits`). premise.ts
 * compares them with the store's rules; an amount and the other currency named beside it
 * ('¿cuánto es 20 dólares en CUP?') is a conversion the reply computes, and so is a distance
 * ('vivo a 5 km') priced at the shipping rates. Pure.
 */
import { type ClaimUnit, CLAIM_UNITS, VOCABULARY as V } from "./vocabulary";

export type Figure = {
  value: number;
  unit: ClaimUnit;
  /** Position of the number in the words. */
  at: number;
  /** How the shopper wrote it ('3 horas'). */
  text: string;
};

/** An amount to convert at the current rate, from one currency into the other. */
export type Conversion = { amount: number; from: "usd" | "cup" };

/** Each unit word or phrase and its unit, longest phrases first. */
const UNIT_WORDS: ReadonlyArray<readonly [string[], ClaimUnit]> = CLAIM_UNITS.flatMap((unit) =>
  V.claimUnits[unit].map((w) => [w.split(" "), unit] as const),
).sort((a, b) => b[0].length - a[0].length);

/** Number words of both languages ('tres' → 3, 'five' → 5). */
const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(V.time.flatMap((t) => Object.entries(t.numbers)));

/** Words before a number that make it a time of day ('a las 14 horas' is no duration). */
const CLOCK_WORDS: ReadonlySet<string> = new Set(["las", "la", "at"]);

function numberAt(w: string | undefined): number | null {
  if (w === undefined) return null;
  if (/^\d+$/.test(w)) return Number(w);
  return NUMBER_WORDS.get(w) ?? null;
}

function unitAt(typed: readonly string[], i: number): { unit: ClaimUnit; size: number } | null {
  for (const [parts, unit] of UNIT_WORDS) {
    if (parts.every((p, j) => typed[i + j] === p)) return { unit, size: parts.length };
  }
  return null;
}

/** A number and a one-word unit written together ('5km', '55usd'). */
function joinedAt(typed: readonly string[], i: number): Figure | null {
  const joined = /^(\d+)(\p{L}+)$/u.exec(typed[i]);
  const unit = joined ? unitAt([joined[2]], 0) : null;
  return joined && unit ? { value: Number(joined[1]), unit: unit.unit, at: i, text: typed[i] } : null;
}

/** Every number followed by a unit, in order. */
export function figures(typed: readonly string[]): Figure[] {
  const found: Figure[] = [];
  for (let i = 0; i < typed.length; i++) {
    const joined = joinedAt(typed, i);
    if (joined) found.push(joined);
    const value = numberAt(typed[i]);
    if (value === null || i + 1 >= typed.length || (i > 0 && CLOCK_WORDS.has(typed[i - 1]))) continue;
    const unit = unitAt(typed, i + 1);
    if (unit) found.push({ value, unit: unit.unit, at: i, text: typed.slice(i, i + 1 + unit.size).join(" ") });
  }
  return found;
}

/**
 * The amount to convert, when the question states one amount of money and names the other
 * currency elsewhere ('20 dólares en cup', 'how many dollars is 3900 pesos').
 */
export function conversionOf(typed: readonly string[]): Conversion | null {
  const money = figures(typed).filter((f) => f.unit === "usd" || f.unit === "cup");
  if (money.length !== 1) return null;
  const [amount] = money;
  const other = amount.unit === "usd" ? "cup" : "usd";
  const named = typed.some((_, i) => i !== amount.at + 1 && unitAt(typed, i)?.unit === other);
  return named ? { amount: amount.value, from: amount.unit as "usd" | "cup" } : null;
}

/** 'o sea que 50 dólares cuánto es' after asking the rate: the one amount stated, to convert into the other currency. */
export function amountOf(typed: readonly string[]): Conversion | null {
  const money = figures(typed).filter((f) => f.unit === "usd" || f.unit === "cup");
  return money.length === 1 ? { amount: money[0].value, from: money[0].unit as "usd" | "cup" } : null;
}

/** The one distance the question states ('a unos 5 km', '10 kilometers'), in km; null for none or several. */
export function distanceOf(typed: readonly string[]): number | null {
  const distances = figures(typed).filter((f) => f.unit === "km" && f.value > 0 && f.value <= 2_000);
  return distances.length === 1 ? distances[0].value : null;
}

/** The first dollar figure a reply gave ('gratis desde $50.00'), to convert when the shopper then asks 'y en cup?'. */
export function dollarsSaid(reply: string): Conversion | null {
  const found = /\$(\d[\d,]*(?:\.\d+)?)(?![\d,.]*\d)/.exec(reply);
  if (!found) return null;
  const amount = Number(found[1].replace(/,/g, ""));
  return Number.isFinite(amount) && amount > 0 ? { amount, from: "usd" } : null;
}
