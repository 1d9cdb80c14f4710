/**
 * The static pages of spec §2.18 (about us, privacy policy, terms of service, help centre): their
 * texts live in `content/pages/<page>.<lang>.md`, plain Markdown that someone who does not program
 * can edit (the conventions are in `content/pages/README.md`). Every figure in them is a
 * `{{placeholder}}` filled (page-placeholders.server.ts) from the constants the checkout and the order rules use
 * (policy.ts, decision “Free standard shipping”–decisions “Delivery estimates”, “Returns and warranty”, “Cash on delivery only”), so a page can never promise something the store does not do.
 * An unknown placeholder is an error, never rendered silently.
 *
 * The files are read at run time from the project root (next to `app/` and `build/`), so a text
 * can be corrected without a new build; in production each rendering is kept in memory until the
 * process restarts.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Token } from "marked";
import type { Db } from "~/db/client.server";
import type { CompanyInfoDto } from "~/features/catalog/types";
import { getCompanyInfo } from "~/features/content/content.server";
import type { Language } from "~/i18n/languages";
import { logger } from "~/utils/logger.server";
import { parseFrontMatter } from "./page-front-matter.server";
import { HEADING_ID, htmlToText, markdown, renderTokens } from "./page-markdown.server";
import { fillHtml, fillText, markPlaceholders, placeholderValues } from "./page-placeholders.server";

export const STATIC_PAGES = ["about-us", "privacy-policy", "terms-of-service", "help-center"] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];

/** §2.18: the help centre's four groups, in the order of the quick-help tiles. */
export const HELP_GROUP_IDS = ["orders", "shipping", "returns", "account"] as const;
export type HelpGroupId = (typeof HELP_GROUP_IDS)[number];

/** What the page and the meta tags need; `html` is trusted (from the repository), DB values escaped. */
export type StaticPageContent = {
  page: StaticPage;
  lang: Language;
  title: string;
  description: string;
  /** From the front matter: ISO date and its label in the page's language, or null when absent. */
  lastUpdated: { iso: string; label: string } | null;
  html: string;
};

export type HelpQuestion = {
  /** `orders-1`, `orders-2`...: the anchor of the question on the page. */
  id: string;
  question: string;
  /** Plain text, links written `[label](/es/chat)` for site paths (the chat's convention). */
  answerText: string;
  answerHtml: string;
};
export type HelpGroup = { id: HelpGroupId; title: string; questions: HelpQuestion[] };
export type HelpCenterContent = Omit<StaticPageContent, "page" | "html"> & {
  page: "help-center";
  /** What comes before the first group (may be empty). */
  introHtml: string;
  groups: HelpGroup[];
};

/** The company figures the pages quote: the support address and phone (§2.4, §3), the store's name. */
export type ContactFacts = Pick<CompanyInfoDto, "name" | "support_email" | "att_phone">;

// --- Where the files are -----------------------------------------------------------------------

let contentDir: string | undefined;

/**
 * `content/pages` of the project: found by walking up from this module, which is
 * `app/features/content/` in development and tests and `build/server/` (or the BUILD_DIR) in
 * production, so that
 * it does not depend on the directory the server was started from.
 */
export function contentPagesDir(): string {
  if (contentDir) return contentDir;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "content", "pages");
    if (existsSync(candidate)) return (contentDir = candidate);
    dir = path.dirname(dir);
  }
  return (contentDir = path.resolve("content", "pages"));
}

export function contentFile(page: StaticPage, lang: Language): string {
  return path.join(contentPagesDir(), `${page}.${lang}.md`);
}

// --- Loading ---------------------------------------------------------------------------------------

const cache = new Map<string, Promise<unknown>>();
const CACHE_MAX = 64;

/** In production a rendering is computed once per page, language and company contacts. */
function cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
  if (process.env.NODE_ENV !== "production") return compute();
  const hit = cache.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  if (cache.size >= CACHE_MAX) cache.clear();
  const value = compute();
  cache.set(key, value);
  value.catch(() => cache.delete(key));
  return value;
}

function cacheKey(page: StaticPage, lang: Language, company: ContactFacts | null): string {
  return JSON.stringify([page, lang, company?.name, company?.support_email, company?.att_phone]);
}

type Source = { text: string; file: string; lang: Language; company: ContactFacts | null };

function prepare({ text, file, lang, company }: Source) {
  const { meta, body } = parseFrontMatter(text, file);
  const values = placeholderValues(lang, company, meta.lastUpdated);
  const head = {
    lang,
    title: fillText(markPlaceholders(meta.title, values, file), values),
    description: fillText(markPlaceholders(meta.description, values, file), values),
    lastUpdated: meta.lastUpdated ? { iso: meta.lastUpdated, label: values.lastUpdated.text } : null,
  };
  const source = markPlaceholders(body, values, file);
  if (/^#\s/m.test(source)) throw new Error(`${file}: the page title is the front matter's; start sections with ##`);
  return { head, source, values };
}

/** Renders the text of a page file (front matter and Markdown); throws on any mistake in it. */
export function renderStaticPage(page: Exclude<StaticPage, "help-center">, src: Source): StaticPageContent {
  const { head, source, values } = prepare(src);
  return { page, ...head, html: fillHtml(markdown.parse(source, { async: false }), values, src.file) };
}

/**
 * Renders the help centre's file into groups of questions. Its shape: an optional introduction,
 * then for each group `## Title {#orders}` and, under it, each question as `### Question?`
 * followed by its answer.
 */
export function renderHelpCenter(src: Source): HelpCenterContent {
  const { head, source, values } = prepare(src);
  const name = src.file;
  const tokens = markdown.lexer(source);
  const intro: Token[] = [];
  const groups: Array<{ id: HelpGroupId; title: string; questions: Array<{ question: string; answer: Token[] }> }> = [];
  for (const token of tokens) {
    if (token.type === "heading" && token.depth === 2) {
      const id = HEADING_ID.exec(token.text)?.[1];
      if (!id || !(HELP_GROUP_IDS as readonly string[]).includes(id)) {
        throw new Error(`${name}: group "${token.text}" needs one of {#${HELP_GROUP_IDS.join("}, {#")}}`);
      }
      if (groups.some((g) => g.id === id)) throw new Error(`${name}: group {#${id}} appears twice`);
      groups.push({ id: id as HelpGroupId, title: token.text.replace(HEADING_ID, ""), questions: [] });
    } else if (token.type === "heading" && token.depth === 3) {
      const group = groups.at(-1);
      if (!group) throw new Error(`${name}: question "${token.text}" comes before any ## group`);
      group.questions.push({ question: token.text, answer: [] });
    } else if (token.type === "heading") {
      throw new Error(`${name}: use ## for groups and ### for questions, not "${token.raw.trim()}"`);
    } else if (groups.length === 0) {
      intro.push(token);
    } else {
      const question = groups.at(-1)!.questions.at(-1);
      if (question) question.answer.push(token);
      else if (token.type !== "space") {
        throw new Error(`${name}: text under group "${groups.at(-1)!.title}" before its first ### question`);
      }
    }
  }
  const inline = (text: string) => htmlToText(fillHtml(markdown.parseInline(text, { async: false }), values, name));
  return {
    page: "help-center",
    ...head,
    introHtml: fillHtml(renderTokens(intro, tokens.links), values, name),
    groups: groups.map((group) => ({
      id: group.id,
      title: inline(group.title),
      questions: group.questions.map((q, i) => {
        const answerHtml = fillHtml(renderTokens(q.answer, tokens.links), values, name);
        if (!answerHtml.trim()) throw new Error(`${name}: question "${q.question}" has no answer`);
        return {
          id: `${group.id}-${i + 1}`,
          question: inline(q.question),
          answerText: htmlToText(answerHtml),
          answerHtml,
        };
      }),
    })),
  };
}

async function readSource(page: StaticPage, lang: Language, company: ContactFacts | null): Promise<Source> {
  const file = contentFile(page, lang);
  const text = await readFile(file, "utf8");
  return { text, file: path.relative(path.dirname(path.dirname(contentPagesDir())), file), lang, company };
}

/** About us, privacy policy or terms of service (§2.18), rendered in `lang`. */
export function loadStaticPage(
  page: Exclude<StaticPage, "help-center">,
  lang: Language,
  company: ContactFacts | null,
): Promise<StaticPageContent> {
  return cached(cacheKey(page, lang, company), async () =>
    renderStaticPage(page, await readSource(page, lang, company)),
  );
}

/**
 * The help centre (§2.18) as groups of questions, placeholders filled: for the page and for the
 * chat assistant's knowledge (decision “The assistant works offline”). `company` gives the support email and phone (null: the
 * answers point to the chat instead).
 */
export function loadHelpCenter(lang: Language, company: ContactFacts | null): Promise<HelpCenterContent> {
  return cached(cacheKey("help-center", lang, company), async () =>
    renderHelpCenter(await readSource("help-center", lang, company)),
  );
}

/** The company's contacts for the pages; null (and logged) when they cannot be read. */
async function contactFacts(db: Db, lang: Language): Promise<ContactFacts | null> {
  try {
    return await getCompanyInfo(db, lang);
  } catch (error) {
    logger.error({ err: error }, "Static page: could not read company info");
    return null;
  }
}

/** A static page for a route loader: the company's contacts read from the store (§2.4). */
export async function getStaticPage(db: Db, page: Exclude<StaticPage, "help-center">, lang: Language) {
  return loadStaticPage(page, lang, await contactFacts(db, lang));
}

/** The help centre for a route loader or the assistant, with the store's contacts. */
export async function getHelpCenter(db: Db, lang: Language) {
  return loadHelpCenter(lang, await contactFacts(db, lang));
}
