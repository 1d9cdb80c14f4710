/** The search vocabulary and the operators' synonym groups, owned by app/features/search. */
import { sql } from "drizzle-orm";
import { check, index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Vocabulary of catalogue words, for one-typo tolerance in search (decision “Search forgives the way people type”). */
export const searchTerms = pgTable("search_terms", { term: text("term").primaryKey() }, (t) => [
  index("search_terms_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`),
]);

/**
 * Synonym groups operators add in the back office beside the groups of
 * app/features/search/vocabulary/*.json: each row is one group of words or phrases that mean the
 * same in a search, for one language's list.
 */
export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    id: serial("id").primaryKey(),
    language: text("language").notNull(),
    terms: text("terms").array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("search_synonyms_language", sql`${t.language} in ('es', 'en')`)],
);
