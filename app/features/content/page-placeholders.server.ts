/**
 * The `{{placeholder}}`s of the static pages: each one's value, from the constants the checkout and
 * the order rules use (policy.ts), and their filling into a page's text and HTML.
 */
import { type TFunction, createT } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { getMessages } from "~/i18n/messages.server";
import { CANCELLABLE_STATUSES } from "~/features/orders/status";
import type { OrderStatus } from "~/features/orders/types";
import { deliveryEstimate, hourLabel } from "~/features/shipping/shipping";
import { formatPrice } from "~/utils/money";
import type { ContactFacts } from "./pages.server";
import {
  DEFECT_REPORT_HOURS,
  EXPRESS_CUTOFF_HOUR,
  FREE_SHIPPING_MIN_CENTS,
  MIN_WARRANTY_DAYS,
  REFUSED_CUP_BILLS,
  SHIPPING_RATE_CUP_PER_KM,
  WHOLESALE_MIN_UNITS,
} from "./policy";

/** A placeholder's value as plain text (titles, the assistant) and as HTML (the page). */
export type PlaceholderValue = { text: string; html: string };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const plain = (text: string): PlaceholderValue => ({ text, html: escapeHtml(text) });
const cup = (amount: number, lang: Language) => formatPrice(amount, "CUP", 1, lang);

/** "**No procesado** o **Procesado**": statuses in bold, the last joined by "o" / "or". */
function statusList(statuses: readonly OrderStatus[], t: TFunction, lang: Language): PlaceholderValue {
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
): Record<string, PlaceholderValue> {
  const t = createT(getMessages(lang), lang);
  const email = company?.support_email?.trim();
  const phone = company?.att_phone?.trim();
  // Before the operator has set the company record, point to the chat rather than to nothing.
  const chat: PlaceholderValue = {
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

export function markPlaceholders(source: string, values: Record<string, PlaceholderValue>, file: string): string {
  const marked = source.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (_whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(values, name)) {
      throw new Error(`${file}: unknown placeholder {{${name}}} (known: ${PLACEHOLDERS.join(", ")})`);
    }
    return `${OPEN}${name}${CLOSE}`;
  });
  if (/\{\{|\}\}/.test(marked)) throw new Error(`${file}: unclosed or malformed {{placeholder}}`);
  return marked;
}

export function fillHtml(html: string, values: Record<string, PlaceholderValue>, file: string): string {
  // encodeURI of U+E000: the placeholder sat in a link address, where it cannot be filled.
  if (html.includes("%EE%80%80")) throw new Error(`${file}: a {{placeholder}} cannot be part of a link address`);
  return html.replace(MARKED, (_whole, name: string) => values[name].html);
}

export function fillText(text: string, values: Record<string, PlaceholderValue>): string {
  return text.replace(MARKED, (_whole, name: string) => values[name].text);
}

function dateLabel(iso: string, lang: Language): string {
  return new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${iso}T00:00:00Z`));
}
