/** The catalogue's vocabulary (search_terms): which of some words name something the store sells. */
import { inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { searchTerms } from "~/db/schema/search";

/** The ones of `terms` that are in the catalogue's vocabulary. */
export async function knownTerms(db: Db, terms: string[]): Promise<Set<string>> {
  if (terms.length === 0) return new Set();
  const rows = await db
    .select({ term: searchTerms.term })
    .from(searchTerms)
    .where(inArray(searchTerms.term, [...new Set(terms)]));
  return new Set(rows.map((r) => r.term));
}
