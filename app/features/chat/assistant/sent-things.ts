/**
 * What a message sends or asks for beside a store topic ('I want to send food to my mom in
 * Holguín', 'can you deliver a fridge to her', 'looking for a box of cigars as a gift'): the words
 * right after a verb of sending (vocabulary `sending`) or a word that asks for a product, past
 * articles, pronouns and fillers, up to the first word that starts where or to whom ('to', 'a',
 * 'para'), name the thing. The clause keeps its topic (where, how much); the thing is asked for too.
 */
import { type Clause, TOPICAL_SCORE } from "./analysis";
import { FILLER } from "./fillers";
import { type Vocabulary as Known, findKeyword } from "./text";
import { isVerbForm } from "./verb-forms";
import { VOCABULARY as V } from "./vocabulary";

const VERBS: ReadonlySet<string> = new Set(V.sending.verbs);
const SKIP: ReadonlySet<string> = new Set(V.sending.skip);
const STOPS: ReadonlySet<string> = new Set(V.sending.stops);

/**
 * A word the store names, or one it knows nothing of ('cemento', 'xbox'): a product asked for; not
 * a verb ('quisiera orientarme').
 */
export const namesAThing = (w: string, known: Known, catalogueWords: ReadonlySet<string>) =>
  catalogueWords.has(w) || (w.length >= 4 && !/\d/.test(w) && !known.has(w) && !isVerbForm(w));

/** The positions right after the words that ask for a thing ('looking for', 'necesito'). */
const afterAsks = (typed: readonly string[], known: Known) =>
  V.sending.asks.flatMap((k) => findKeyword(typed, k, known).map((at) => at + k.split(" ").length));

/** The positions right after a verb of sending. */
const afterVerbs = (typed: readonly string[]) => typed.flatMap((w, i) => (VERBS.has(w) ? [i + 1] : []));

/** The clause's own words (`leftover`) said from `start` on, past skipped words, up to a stop. */
function thingAt(typed: readonly string[], start: number, leftover: ReadonlySet<string>): string[] {
  let i = start;
  // 'send him a box', 'mandarle unos 2 sacos': articles, pronouns, numbers and fillers come first.
  const skipped = (w: string) => SKIP.has(w) || FILLER.has(w) || /^\d+$/.test(w);
  // A word skipped in one language may stop in the other: 'a box' is skipped, 'a mi abuela' stops.
  const article = (j: number) => SKIP.has(typed[j]) && leftover.has(typed[j + 1] ?? "");
  while (i < typed.length && (STOPS.has(typed[i]) ? article(i) : skipped(typed[i]))) i++;
  const thing: string[] = [];
  // 'a box of cigars', 'un combo de comida': a filler joins two of the thing's words.
  for (; i < typed.length && !STOPS.has(typed[i]); i++) {
    if (leftover.has(typed[i])) thing.push(typed[i]);
    else if (!(thing.length > 0 && FILLER.has(typed[i]) && leftover.has(typed[i + 1] ?? ""))) break;
  }
  return thing;
}

/**
 * A clause that sends a thing the store may sell, or that asks for one beside a topic, is two: the
 * thing asked (read by `read`, no topic of its own) and the clause's topic.
 */
export function sentApart(
  clause: Clause,
  known: Known,
  read: (words: string[]) => Clause,
  catalogueWords: ReadonlySet<string>,
): Clause[] {
  const topical = clause.bestScore >= TOPICAL_SCORE;
  const starts = [...afterVerbs(clause.words), ...(topical ? afterAsks(clause.words, known) : [])];
  const leftover = new Set(clause.leftover);
  const names = (w: string) => namesAThing(w, known, catalogueWords);
  const thing = starts.map((s) => thingAt(clause.words, s, leftover)).find((t) => t.some(names));
  if (!thing) return [clause];
  const asked = read(thing);
  if (asked.bestScore > 0) return [clause];
  // 'can you deliver a fridge to her': a clause with no topic of its own asks for the thing.
  if (!topical) return [{ ...clause, productCue: true, sent: true, leftover: thing, head: thing }];
  return [
    { ...asked, productCue: true, sent: true },
    { ...clause, leftover: clause.leftover.filter((w) => !thing.includes(w)) },
  ];
}
