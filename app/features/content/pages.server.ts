/**
 * The static pages of spec §2.18 (about us, privacy policy, terms of service, help centre): their
 * texts live in `content/pages/<page>.<lang>.md`, plain Markdown that someone who does not program
 * can edit (the conventions are in `content/pages/README.md`). Every figure in them is a
 * `{{placeholder}}` filled here from the constants the checkout and the order rules use
 * (policy.ts, D14–D16, D21, D22), so a page can never promise something the store does not do.
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
import { Marked, type Token, type Tokens, type TokensList } from "marked";
import type { Db } from "~/db/client.server";
import type { CompanyInfoDto } from "~/features/catalog/types";
import { getCompanyInfo } from "~/features/content/content.server";
import { type TFunction, createT } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { getMessages } from "~/i18n/messages.server";
import { CANCELLABLE_STATUSES } from "~/features/orders/status";
import type { OrderStatus } from "~/features/orders/types";
import { deliveryEstimate, hourLabel } from "~/features/shipping/shipping";
import { formatPrice } from "~/utils/money";
import {
  DEFECT_REPORT_HOURS,
  EXPRESS_CUTOFF_HOUR,
  FREE_SHIPPING_MIN_CENTS,
  MIN_WARRANTY_DAYS,
  REFUSED_CUP_BILLS,
  SHIPPING_RATE_CUP_PER_KM,
  WHOLESALE_MIN_UNITS,
} from "./policy";
import { logger } from "~/utils/logger.server";

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

// --- Front matter --------------------------------------------------------------------------------

type FrontMatter = { title: string; description: string; lastUpdated: string | null };

/**
 * The `---` block at the top of a file: one `key: value` per line (title, description,
 * lastUpdated as YYYY-MM-DD). Kept to what a person can write without knowing YAML.
 */
export function parseFrontMatter(source: string, file: string): { meta: FrontMatter; body: string } {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) throw new Error(`${file}: the file must start with a --- block (title, description)`);
  const fields = new Map<string, string>();
  for (const line of match[1].split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    const colon = line.indexOf(":");
    if (colon === -1) throw new Error(`${file}: front matter line without "key: value": ${line}`);
    const value = line
      .slice(colon + 1)
      .trim()
      .replace(/^(["'])(.*)\1$/, "$2");
    fields.set(line.slice(0, colon).trim(), value);
  }
  for (const key of fields.keys()) {
    if (!["title", "description", "lastUpdated"].includes(key)) throw new Error(`${file}: unknown field "${key}"`);
  }
  const title = fields.get("title");
  const description = fields.get("description");
  if (!title || !description) throw new Error(`${file}: title and description are required`);
  const lastUpdated = fields.get("lastUpdated") ?? null;
  if (lastUpdated !== null && !isIsoDate(lastUpdated)) {
    throw new Error(`${file}: lastUpdated must be a date written YYYY-MM-DD, not "${lastUpdated}"`);
  }
  return { meta: { title, description, lastUpdated }, body: source.slice(match[0].length) };
}

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function dateLabel(iso: string, lang: Language): string {
  return new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${iso}T00:00:00Z`));
}

// --- Placeholders --------------------------------------------------------------------------------

type Value = { text: string; html: string };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const plain = (text: string): Value => ({ text, html: escapeHtml(text) });
const cup = (amount: number, lang: Language) => formatPrice(amount, "CUP", 1, lang);

/** "**No procesado** o **Procesado**": statuses in bold, the last joined by "o" / "or". */
function statusList(statuses: readonly OrderStatus[], t: TFunction, lang: Language): Value {
  const names = statuses.map((s) => t(`invoice.status.${s}`));
  const join = (items: string[]) =>
    items.length < 2
      ? items.join("")
      : `${items.slice(0, -1).join(", ")} ${lang === "en" ? "or" : "o"} ${items.at(-1)}`;
  return { text: join(names), html: join(names.map((n) => `<strong>${escapeHtml(n)}</strong>`)) };
}

/** "1, 5 y 10 CUP" / "1, 5 and 10 CUP". */
function listOfBills(lang: Language): string {
  const bills = REFUSED_CUP_BILLS.map(String);
  const last = bills.pop();
  return `${bills.join(", ")} ${lang === "en" ? "and" : "y"} ${last} CUP`;
}

/**
 * Every placeholder a content file may use, with its value in `lang` (documented in
 * content/pages/README.md). Money is formatted like everywhere else in the store (utils/money).
 */
export function placeholderValues(
  lang: Language,
  company: ContactFacts | null,
  lastUpdated: string | null,
): Record<string, Value> {
  const t = createT(getMessages(lang), lang);
  const email = company?.support_email?.trim();
  const phone = company?.att_phone?.trim();
  // Before the operator has set the company record, point to the chat rather than to nothing.
  const chat: Value = {
    text: t("staticPages.contact.chatFallback"),
    html: `<a href="/${lang}/chat">${escapeHtml(t("staticPages.contact.chatFallback"))}</a>`,
  };
  return {
    storeName: plain(company?.name?.trim() || t("site.name")),
    supportEmail: email
      ? { text: email, html: `<a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a>` }
      : chat,
    supportPhone: phone
      ? { text: phone, html: `<a href="tel:${escapeHtml(phone.replace(/[^\d+]/g, ""))}">${escapeHtml(phone)}</a>` }
      : chat,
    standardRate: plain(cup(SHIPPING_RATE_CUP_PER_KM.standard, lang)),
    expressRate: plain(cup(SHIPPING_RATE_CUP_PER_KM.express, lang)),
    freeShippingMin: plain(formatPrice(FREE_SHIPPING_MIN_CENTS / 100, "USD", 1, lang)),
    expressCutoff: plain(hourLabel(EXPRESS_CUTOFF_HOUR)),
    standardEstimate: plain(deliveryEstimate(t, "standard")),
    expressEstimate: plain(deliveryEstimate(t, "express")),
    defectReportHours: plain(String(DEFECT_REPORT_HOURS)),
    minWarrantyDays: plain(String(MIN_WARRANTY_DAYS)),
    refusedBills: plain(listOfBills(lang)),
    wholesaleMin: plain(String(WHOLESALE_MIN_UNITS)),
    cancellableStatuses: statusList(CANCELLABLE_STATUSES, t, lang),
    lastUpdated: plain(lastUpdated ? dateLabel(lastUpdated, lang) : ""),
  };
}

export const PLACEHOLDERS = Object.keys(placeholderValues("es", null, null));

// Private-use characters stand for a placeholder while Markdown is parsed, so that a value from
// the database (an email with `_`, say) is never read as Markdown, and is escaped once, at the end.
const OPEN = "\uE000";
const CLOSE = "\uE001";
const MARKED = new RegExp(`${OPEN}(\\w+)${CLOSE}`, "g");

function markPlaceholders(source: string, values: Record<string, Value>, file: string): string {
  const marked = source.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (_whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(values, name)) {
      throw new Error(`${file}: unknown placeholder {{${name}}} (known: ${PLACEHOLDERS.join(", ")})`);
    }
    return `${OPEN}${name}${CLOSE}`;
  });
  if (/\{\{|\}\}/.test(marked)) throw new Error(`${file}: unclosed or malformed {{placeholder}}`);
  return marked;
}

function fillHtml(html: string, values: Record<string, Value>, file: string): string {
  // encodeURI of U+E000: the placeholder sat in a link address, where it cannot be filled.
  if (html.includes("%EE%80%80")) throw new Error(`${file}: a {{placeholder}} cannot be part of a link address`);
  return html.replace(MARKED, (_whole, name: string) => values[name].html);
}

function fillText(text: string, values: Record<string, Value>): string {
  return text.replace(MARKED, (_whole, name: string) => values[name].text);
}

// --- Markdown --------------------------------------------------------------------------------------

/** `## Title {#anchor}` gives the heading an id (the help centre's tiles jump to them). */
const HEADING_ID = /\s*\{#([a-z][a-z0-9-]*)\}\s*$/;

const markdown = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth }: Tokens.Heading) {
      const inner = this.parser.parseInline(tokens);
      const id = HEADING_ID.exec(inner)?.[1];
      return `<h${depth}${id ? ` id="${id}"` : ""}>${inner.replace(HEADING_ID, "")}</h${depth}>\n`;
    },
  },
});

function renderTokens(tokens: Token[], links: TokensList["links"]): string {
  return markdown.parser(Object.assign([...tokens], { links }));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', nbsp: " " };

/** HTML to plain text for the assistant: site links kept as `[label](/path)` (chat/types.ts). */
export function htmlToText(html: string): string {
  return html
    .replace(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_whole, href: string, label: string) =>
      href.startsWith("/") && !href.startsWith("//") ? `[${label}](${href})` : label,
    )
    .replace(/<li>/g, "\n- ")
    .replace(/<\/(p|h\d|li|ul|ol)>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(#\d+|\w+);/g, (whole, code: string) =>
      code.startsWith("#") ? String.fromCharCode(Number(code.slice(1))) : (ENTITIES[code] ?? whole),
    )
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{2,}/g, "\n")
    .trim();
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
 * chat assistant's knowledge (D23). `company` gives the support email and phone (null: the
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
