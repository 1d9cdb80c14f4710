/**
 * The operators' synonym groups: read, added and removed in the back office
 * (routes/admin/synonyms.tsx), each change with an audit entry, and merged with the groups of the
 * data files into the vocabulary every search uses. A change reaches search at once: it calls
 * `invalidateCatalog`, which drops the memoised vocabulary, the memoised searches and the page
 * cache, in this process and (PostgreSQL) the others.
 */
import { asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { searchSynonyms } from "~/db/schema/search";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { settingMemo } from "~/features/cache/settings-memo.server";
import { invalidateCatalog } from "~/features/catalog/catalog-cache.server";
import type { Language } from "~/i18n/languages";
import { textInput } from "~/utils/text";
import { FILE_VOCABULARY, MAX_PHRASE_WORDS, type Vocabulary, buildVocabulary, normalizeText } from "./vocabulary";

/** Most words or phrases in one group, and characters in one phrase. */
export const SYNONYM_GROUP_MAX = 12;
export const SYNONYM_PHRASE_MAX = 60;

export type SynonymGroup = { id: number; language: Language; terms: string[]; createdAt: Date };

/**
 * A group as an operator types it: phrases separated by commas (or new lines), at least two
 * different ones once normalised, each of one to MAX_PHRASE_WORDS words. Kept as typed (accents
 * and all) for display; compared normalised.
 */
export const SynonymGroupSchema = z.object({
  language: z.enum(["es", "en"], "admin.form.invalid"),
  terms: textInput("admin.form.invalid")
    .optional()
    .transform((raw, ctx) => {
      const phrases: string[] = [];
      const seen = new Set<string>();
      for (const part of (raw ?? "").replaceAll("\u0000", "").split(/[,;\n]+/)) {
        const phrase = part.replace(/\s+/g, " ").trim();
        const normal = normalizeText(phrase);
        if (!normal || seen.has(normal)) continue;
        if (phrase.length > SYNONYM_PHRASE_MAX || normal.split(" ").length > MAX_PHRASE_WORDS) {
          ctx.addIssue({ code: "custom", message: "admin.synonyms.errors.phrase" });
          return z.NEVER;
        }
        seen.add(normal);
        phrases.push(phrase);
      }
      if (phrases.length < 2 || phrases.length > SYNONYM_GROUP_MAX) {
        ctx.addIssue({ code: "custom", message: "admin.synonyms.errors.count" });
        return z.NEVER;
      }
      return phrases;
    }),
});
export type SynonymGroupInput = z.output<typeof SynonymGroupSchema>;

export async function listSynonymGroups(db: Db): Promise<SynonymGroup[]> {
  const rows = await db.select().from(searchSynonyms).orderBy(desc(searchSynonyms.createdAt), desc(searchSynonyms.id));
  return rows.map((row) => ({ ...row, language: row.language as Language }));
}

/** Adds a group, with its audit entry, and makes search use it at once. */
export async function addSynonymGroup(db: Db, actor: AuditActor, input: SynonymGroupInput): Promise<SynonymGroup> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx.insert(searchSynonyms).values(input).returning();
    await recordAudit(tx as unknown as Db, {
      actor,
      action: "synonyms.add",
      entity: "search_synonyms",
      entityId: row.id,
      after: { language: row.language, terms: row.terms },
    });
    return row;
  });
  invalidateCatalog(db);
  return { ...created, language: created.language as Language };
}

/** Removes a group (false when there is none with this id), with its audit entry. */
export async function removeSynonymGroup(db: Db, actor: AuditActor, id: number): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning();
    if (!row) return false;
    await recordAudit(tx as unknown as Db, {
      actor,
      action: "synonyms.remove",
      entity: "search_synonyms",
      entityId: row.id,
      before: { language: row.language, terms: row.terms },
    });
    return true;
  });
  if (removed) invalidateCatalog(db);
  return removed;
}

/** The vocabulary of every search: the files' groups and fillers plus the operators' groups. */
const vocabularyMemo = settingMemo(async (db: Db): Promise<Vocabulary> => {
  const rows = await db.select({ terms: searchSynonyms.terms }).from(searchSynonyms).orderBy(asc(searchSynonyms.id));
  return buildVocabulary([...FILE_VOCABULARY.groups, ...rows.map((r) => r.terms)], FILE_VOCABULARY.fillers);
});

export const searchVocabulary = (db: Db): Promise<Vocabulary> => vocabularyMemo.get(db);
