import { useRouteLoaderData } from "react-router";
import type { CompanyInfoDto } from "~/features/catalog/types";
import type { Messages } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
// The shell's fallback, for a page whose root data failed, shows prices at the store's default rate
// (one constant, owned by the currency feature; a browser-safe value, no feature code).
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { DEFAULT_EXCHANGE_RATE } from "~/features/currency/default-rate";
import { type Currency, DEFAULT_CURRENCY } from "~/utils/money";

/** What the root loader gives every page (root.tsx). Kept small: it is in every HTML response. */
export type RootData = {
  lang: Language;
  /** The active language's messages that this page's group uses (i18n/page-messages.ts). */
  messages: Partial<Messages>;
  currency: Currency;
  /** CUP per USD (decision “One exchange rate”). */
  rate: number;
  /** For the header menus, the search select and the home category cards (sent once, here). */
  categories: NavCategory[];
  /** For the footer; null before the operator has set it. */
  company: CompanyInfoDto | null;
  /** Absolute base URL for canonical and alternate links. */
  publicUrl: string;
  /** The CDN in front of `/media` (MEDIA_PUBLIC_URL), when there is one; image URLs start with it. */
  mediaBase?: string;
  /** The signed-in shopper as the header shows them (never the account row), or null. */
  user?: RootUser | null;
  /** A one-shot alert left by the last action (flash cookie): a translation key and its tone. */
  flash?: RootFlash | null;
  /** The municipality the visitor chose to deliver to ("Entregar en"), or null before a choice. */
  zone?: RootZone | null;
  /** Data saver (docs/decisions/014-data-saver.md): images wait for a tap and the app's JavaScript is not sent. */
  dataSaver?: boolean;
};

/**
 * The chosen municipality as every page shows it (header, paused banner, product and cart notes):
 * its name, whether it can be delivered to now, the pause's reason in the page's language and the
 * estimate in business days.
 */
export type RootZone = {
  id: string;
  name: string;
  state: "open" | "paused" | "notServed";
  reason: string;
  minDays: number;
  maxDays: number;
};

/**
 * A department as pages show it: its slug and its name in the page's language (decision “Names in both languages”, picked on the
 * server), its image and its subcategories for the home cards. No ids or second-language names:
 * this is in every page's HTML.
 */
export type NavSubcategory = { slug: string; name: string; image_url: string | null };
export type NavCategory = NavSubcategory & { sub_categories: NavSubcategory[] };

/**
 * What the header shows of the signed-in shopper: the name it greets (first name, else username)
 * and whether to link the back office. Nothing else of the account goes into every page's HTML.
 */
export type RootUser = {
  name: string;
  /** decision “The back office”: shows the back-office link; every admin route checks the role itself. */
  isOperator: boolean;
};
export type RootFlash = {
  key: string;
  tone: "success" | "error" | "info";
  values?: Record<string, string>;
  id: string;
};

const FALLBACK: RootData = {
  lang: "es",
  // Only when the root loader itself failed: every text then shows its key (spec §8).
  messages: {},
  currency: DEFAULT_CURRENCY,
  rate: DEFAULT_EXCHANGE_RATE,
  categories: [],
  company: null,
  publicUrl: "",
  user: null,
  flash: null,
};

/** The root loader's data, from any component (including error boundaries). */
export function useRootData(): RootData {
  return (useRouteLoaderData("root") as RootData | undefined) ?? FALLBACK;
}
