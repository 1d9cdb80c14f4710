/**
 * The numbers of a question: where it says a number of things ('15 jabones', '20 bags'), an amount
 * of money ('60 dólares'), and the words of a time of day ('las 4 y media'), which name no product.
 */
import { FILLER } from "./fillers";
import type { Keyword } from "./text";
import { VOCABULARY as V } from "./vocabulary";

const plainWords = (keywords: readonly Keyword[]) =>
  keywords.flatMap((k) => k.split(" ")).map((w) => w.replace(/\*$/, ""));

const isNumber = (w: string | undefined) => w !== undefined && /^\d+$/.test(w);
export const MONEY: ReadonlySet<string> = new Set(V.money);
const TIME_WORDS: ReadonlySet<string> = new Set(
  V.time.flatMap((t) => [
    ...Object.keys(t.numbers),
    ...Object.keys(t.minutes),
    ...plainWords([...t.before, ...t.plus, ...t.minus, ...t.pm, ...t.am, ...t.noon, ...t.midnight]),
  ]),
);
export const isTimeWord = (w: string) => /^\d+$/.test(w) || TIME_WORDS.has(w);
/** Words that make a number a measure rather than a number of things ('2 días', '3000 W'). */
const MEASURES: ReadonlySet<string> = new Set(V.measures);

/** Where a number of things is said: a number of 2 or more, then a word that is no measure, currency or time, or nothing ('si compro 20'). */
export function quantities(typed: readonly string[]): number[] {
  const found: number[] = [];
  const last = typed.length - 1;
  if (last > 0 && isNumber(typed[last]) && Number(typed[last]) >= 2 && !TIME_WORDS.has(typed[last - 1]))
    found.push(last);
  for (let i = 0; i + 1 < typed.length; i++) {
    const next = typed[i + 1];
    if (!isNumber(typed[i]) || Number(typed[i]) < 2 || isNumber(next)) continue;
    if (MEASURES.has(next) || MONEY.has(next) || TIME_WORDS.has(next) || FILLER.has(next)) continue;
    found.push(i);
  }
  return found;
}

/**
 * Marks the words of an amount of money, a number and its currency ('60 dólares', '20 bucks'): an
 * amount is a figure of the question ('si compro 60 dólares, ¿pago envío?'), never a question
 * about the exchange rate.
 */
export function amounts(typed: readonly string[]): boolean[] {
  const marked = typed.map(() => false);
  for (let i = 0; i + 1 < typed.length; i++) {
    if (isNumber(typed[i]) && MONEY.has(typed[i + 1])) marked[i] = marked[i + 1] = true;
  }
  return marked;
}

/** Marks a time gone by: 'two hours ago', 'hace 3 días' (a number and its measure, with 'ago' after or 'hace' before). */
export function timeAgo(typed: readonly string[]): boolean[] {
  const marked = typed.map(() => false);
  typed.forEach((w, i) => {
    if (w === "ago" && i >= 2) marked[i - 2] = marked[i - 1] = marked[i] = true;
    if (w === "hace" && typed[i + 2] !== undefined && MEASURES.has(typed[i + 2]))
      marked[i] = marked[i + 1] = marked[i + 2] = true;
  });
  return marked;
}
