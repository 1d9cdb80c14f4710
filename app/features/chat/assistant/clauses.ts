/**
 * A message as words and clauses: chat shorthand spelt out ('x' → 'por'), products named in the
 * store's words, and cut at punctuation and at the words that join two questions ('y', 'and').
 */
import { inStoreWords } from "./uses";
import { words } from "./text";
import { VOCABULARY as V } from "./vocabulary";

/**
 * '$52' is '52 usd', '10%' is '10 percent': the symbols name a unit that words() would drop; '+' and
 * '&' between words join two asks ('delivery fee + payment options?').
 */
function withSymbolsSpelled(text: string): string {
  return text
    .replace(/(?:US)?\$\s?(\d+)(?:[.,]\d{1,2})?/gi, "$1 usd ")
    .replace(/(\d+)\s?%/g, "$1 percent ")
    .replace(/(?<=\p{L})\s*[+&]\s*(?=\p{L})/gu, " and ");
}

/** The words of a text with chat shorthand spelt out ('cuanto e el envio x favor q' → '… por favor que') and products named in the store's words. */
export function spelledOut(text: string): string[] {
  return inStoreWords(words(withSymbolsSpelled(text)).flatMap((w) => V.abbreviations.get(w) ?? [w]));
}

/** A clause's words; `joined` when 'y' / 'and' joins it to the one before; `asked` when a '?' ends its sentence. */
export type SaidClause = { words: string[]; joined: boolean; asked: boolean };

/** Cuts the message at punctuation and at the words that join two questions ('y', 'and'). */
export function splitClauses(message: string): SaidClause[] {
  const breaks = new Set(V.clauseBreaks);
  const keepers = new Set(V.breakKeepers);
  const clauses: SaidClause[] = [];
  // '1) el precio 2) la entrega': a numbered list's items are questions apart.
  const parts = message.split(/([?!;,.¿¡\n]+|\b\d\s?\))/);
  for (let p = 0; p < parts.length; p += 2) {
    let current: string[] = [];
    let joined = false;
    const said = spelledOut(parts[p]);
    const asked = (parts[p + 1] ?? "").includes("?");
    for (const [i, w] of said.entries()) {
      if (breaks.has(w) && !keepers.has(said[i + 1])) {
        if (current.length > 0) clauses.push({ words: current, joined, asked });
        current = [];
        joined = clauses.length > 0;
      } else current.push(w);
    }
    if (current.length > 0) clauses.push({ words: current, joined, asked });
  }
  return clauses;
}
