/**
 * Fillers (vocabulary/*.json `fillers`): words and phrases with no product or help-centre meaning
 * ('oye', 'pa', 'mi amor', 'please'), dropped before a product search and from the help centre's query.
 */
import { VOCABULARY as V } from "./vocabulary";

/** Single-word fillers (exact). */
export const FILLER: ReadonlySet<string> = new Set(V.fillers.filter((f) => !f.includes(" ")));
/** Filler phrases ('mi amor', 'a lot'). */
const FILLER_PHRASES: readonly string[] = V.fillers.filter((f) => f.includes(" "));

/** Marks the words that are fillers (exact words, or filler phrases). */
export function fillerCovered(typed: readonly string[]): boolean[] {
  const covered = typed.map((w) => FILLER.has(w));
  for (const phrase of FILLER_PHRASES) {
    const parts = phrase.split(" ");
    for (let i = 0; i + parts.length <= typed.length; i++) {
      if (parts.every((p, j) => typed[i + j] === p)) parts.forEach((_, j) => (covered[i + j] = true));
    }
  }
  return covered;
}
