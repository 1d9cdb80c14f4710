/**
 * A message as words and clauses: chat shorthand spelt out ('x' → 'por'), products named in the
 * store's words, and cut at punctuation and at the words that join two questions ('y', 'and').
 */
import { inStoreWords } from "./uses";
import { words } from "./text";
import { VOCABULARY as V } from "./vocabulary";

/** '$52' is '52 usd', '10%' is '10 percent': the symbols name a unit that words() would drop. */
function withSymbolsSpelled(text: string): string {
  return text.replace(/(?:US)?\$\s?(\d+)(?:[.,]\d{1,2})?/gi, "$1 usd ").replace(/(\d+)\s?%/g, "$1 percent ");
}

/** The words of a text with chat shorthand spelt out ('cuanto e el envio x favor q' → '… por favor que') and products named in the store's words. */
export function spelledOut(text: string): string[] {
  return inStoreWords(words(withSymbolsSpelled(text)).flatMap((w) => V.abbreviations.get(w) ?? [w]));
}

/** Cuts the message at punctuation and at the words that join two questions ('y', 'and'). */
export function splitClauses(message: string): { words: string[]; joined: boolean }[] {
  const breaks = new Set(V.clauseBreaks);
  const keepers = new Set(V.breakKeepers);
  const clauses: { words: string[]; joined: boolean }[] = [];
  // '1) el precio 2) la entrega': a numbered list's items are questions apart.
  for (const piece of message.split(/[?!;,.¿¡\n]+|\b\d\s?\)/)) {
    let current: string[] = [];
    let joined = false;
    const said = spelledOut(piece);
    for (const [i, w] of said.entries()) {
      if (breaks.has(w) && !keepers.has(said[i + 1])) {
        if (current.length > 0) clauses.push({ words: current, joined });
        current = [];
        joined = clauses.length > 0;
      } else current.push(w);
    }
    if (current.length > 0) clauses.push({ words: current, joined });
  }
  return clauses;
}
