/**
 * Whether an order named in a clause is the asker's own (intents.ts): 'mi pedido', 'the order I just
 * placed', 'tengo un pedido', a tracking question. Not when the order is still to be placed ('si
 * pido', 'if I order'), named in a hypothetical before it, indefinite ('un pedido'), or a basket's
 * total ('mi compra queda en 48 dólares').
 */
import { type Keyword, type Vocabulary as Known, findKeyword } from "./text";
import { VOCABULARY as V } from "./vocabulary";

const positions = (typed: readonly string[], keywords: readonly Keyword[], known: Known) =>
  keywords.flatMap((k) => findKeyword(typed, k, known));
/** The word after 'tengo' / 'have' that makes it an obligation ('tengo que pagar', 'have to pay'). */
const OBLIGATION: ReadonlySet<string> = new Set(["que", "to"]);
const has = (typed: readonly string[], keywords: readonly Keyword[], known: Known) =>
  positions(typed, keywords, known).length > 0;

/**
 * Whether the order a clause names is the asker's, said as a fact: not after a hypothetical
 * ('si', 'if', 'a quién') unless what is supposed is done to 'my order' ('si cancelo mi pedido…'),
 * not 'un pedido' / 'an order'; and with a possessive just before it
 * ('mi pedido', 'my last order'), a word that speaks of an order placed ('hice', 'placed') or a
 * tracking word ('dónde está', 'status').
 */
export function isPersonal(
  typed: readonly string[],
  orderAt: readonly number[],
  known: Known,
  amount: boolean,
): boolean {
  const first = Math.min(...orderAt);
  // 'mi compra queda en 48 dólares', 'my order total is 60 dollars': a basket's total, not an order placed.
  if (amount && !has(typed, V.tracking, known) && !has(typed, V.personalVerbs, known)) return false;
  const verbs = positions(typed, V.personalVerbs, known);
  // 'if she moved, can I change the order I just placed?': an order said to be placed is theirs
  // ('si hago la compra, ¿tengo que pagarla ya?': an obligation is not).
  const placed = verbs.filter((q) => !OBLIGATION.has(typed[q + 1] ?? ""));
  if (orderAt.some((p) => placed.some((q) => q > p && q <= p + 4))) return true;
  const hypothetical = positions(typed, V.hypothetical, known).some((p) => p < first);
  const possessive = orderAt.some((p) =>
    // 'mi pedido', 'my last order', and after it: 'el pedido mío'.
    [typed[p], typed[p - 1], typed[p - 2], typed[p + 1]].some((w) => w !== undefined && V.possessives.includes(w)),
  );
  // 'when will my stuff arrive if I order now': the stuff of an order still to be placed.
  if (has(typed, V.futureOrder, known)) return false;
  // 'si cancelo mi pedido ahora, me cobran algo?': what is supposed is done to an order they have.
  if (hypothetical) return possessive && has(typed, V.actedOn, known);
  // 'un pedido' is any order, unless the asker has or placed it ('¿tengo un pedido?', 'I placed an order').
  const owned = (p: number) => verbs.some((q) => q >= p - 3 && q <= p - 2);
  if (orderAt.some((p) => p > 0 && V.indefinite.includes(typed[p - 1]) && !owned(p))) return false;
  return possessive || verbs.length > 0 || has(typed, V.tracking, known);
}

/**
 * 'si compro algo hoy y mañana cambio de idea, ¿puedo cancelar la orden?': an order named in the
 * clauses after an 'if' clause of the same question is still to be placed, unless it is 'my order'.
 */
export function afterSupposition<
  C extends { words: string[]; orderCue: boolean; personalOrder: boolean; myOrder?: boolean; asked?: boolean },
>(clauses: readonly C[], known: Known): C[] {
  let supposing = false;
  return clauses.map((c) => {
    const opens = V.hypothetical.some((k) => findKeyword(c.words, k, known).includes(0));
    const read = supposing && c.personalOrder && !c.myOrder ? { ...c, personalOrder: false } : c;
    if (opens && !c.orderCue) supposing = true;
    if (c.asked) supposing = false;
    return read;
  });
}
