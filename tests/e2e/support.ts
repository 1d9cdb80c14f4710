import net from "node:net";
import { type APIRequestContext, type Locator, type Page, expect } from "@playwright/test";
import { en } from "../../app/i18n/en";
import { es } from "../../app/i18n/es";

/**
 * Shared helpers for the e2e specs (not a spec itself). Expected texts come from the message
 * catalogues (the single source of the visible strings); expected data (categories, products,
 * slides, company info, rate) comes from the public REST API of the same seeded server, so that the
 * page is checked against what the store holds rather than against a copy in the test.
 */

export const LANGS = ["es", "en"] as const;
export type Lang = (typeof LANGS)[number];

type Key = keyof typeof es;

/** The visible text of one message, `{placeholders}` filled in. */
export function t(lang: Lang, key: Key, values: Record<string, string | number> = {}): string {
  const template: string = (lang === "en" ? en : es)[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A port nothing listens on now, on loopback, for a server a spec starts itself. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/** Escapes text for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A RegExp that matches exactly `text` (trimmed whole string). */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);
}

/**
 * Waits until React has hydrated the page and run its effects. The footer's newsletter form
 * switches off native validation in an effect (newsletter-form.tsx), which is a reliable marker on
 * every page; where the form is absent (already thanked) a React fiber on `<main>` is used.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const form = document.querySelector<HTMLFormElement>("#newsletter form");
    if (form) return form.noValidate;
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((k) => k.startsWith("__reactFiber"));
  });
}

/** Goes to `path` and waits for hydration. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
  await waitForHydration(page);
}

// --- Money (D1, §9): USD `$1,234.50`, CUP `round(usd * rate)` grouped, ` CUP`. -------------------

const group = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

export function usd(amount: number): string {
  const cents = Math.round(amount * 100);
  return `$${group(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, "0")}`;
}

export function cup(amount: number, rate: number): string {
  return `${group(Math.round(amount * rate))} CUP`;
}

export const USD_PRICE = /^\$\d{1,3}(,\d{3})*\.\d{2}$/;
export const CUP_PRICE = /^\d{1,3}(,\d{3})* CUP$/;

/** Parses `$1,234.50` to 1234.5. */
export function parseUsd(text: string): number {
  const match = text.trim().match(/^\$([\d,]+\.\d{2})$/);
  if (!match) throw new Error(`Not a USD price: ${JSON.stringify(text)}`);
  return Number(match[1].replace(/,/g, ""));
}

// --- The store's data, from its REST API. --------------------------------------------------------

export type ApiSubcategory = { id: number; slug: string; name: string; name_en: string | null };
export type ApiCategory = ApiSubcategory & { sub_categories: ApiSubcategory[] };
export type ApiProduct = {
  id: number;
  name: string;
  name_en: string | null;
  display_name: string;
  price: number;
  original_price: number;
};
export type ApiSlide = {
  id: number;
  title: string;
  has_whatsapp: boolean;
  phone_number: string;
  whatsapp_message: string;
};
export type ApiCompany = {
  name: string;
  company_logo_url: string | null;
  description: string;
  facebook_url: string;
  twitter_url: string;
  instagram_url: string;
  linkedin_url: string;
  att_phone: string;
  support_email: string;
};

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

export async function apiCategories(request: APIRequestContext): Promise<ApiCategory[]> {
  return (await getJson<{ categories: ApiCategory[] }>(request, "/api/category/categories")).categories;
}

export async function apiLatest(request: APIRequestContext, limit: number, lang: Lang = "es"): Promise<ApiProduct[]> {
  return (await getJson<{ products: ApiProduct[] }>(request, `/api/product/latest?limit=${limit}&lang=${lang}`))
    .products;
}

export async function apiBestsellers(
  request: APIRequestContext,
  limit: number,
  lang: Lang = "es",
): Promise<ApiProduct[]> {
  return (await getJson<{ products: ApiProduct[] }>(request, `/api/product/bestsellers?limit=${limit}&lang=${lang}`))
    .products;
}

export async function apiSlides(request: APIRequestContext, lang: Lang): Promise<ApiSlide[]> {
  return (await getJson<{ slides: ApiSlide[] }>(request, `/api/carousel_slide/get-slides?lang=${lang}`)).slides;
}

export async function apiCompany(request: APIRequestContext, lang: Lang): Promise<ApiCompany> {
  return (await getJson<{ company_info: ApiCompany }>(request, `/api/info/company-info?lang=${lang}`)).company_info;
}

export async function apiRate(request: APIRequestContext): Promise<number> {
  return (await getJson<{ rate: number }>(request, "/api/currency/exchange-rate/")).rate;
}

export async function apiSearchCount(request: APIRequestContext, q: string, category: string, lang: Lang) {
  const query = new URLSearchParams({ s: q, category, lang });
  return (await getJson<{ count: number }>(request, `/api/product/search?${query}`)).count;
}

/** §2.3 / D3: name_en under /en/ when present, else name. */
export function localizedName(item: { name: string; name_en: string | null }, lang: Lang): string {
  return lang === "en" && item.name_en ? item.name_en : item.name;
}

/** `href` attributes of every element the locator matches, in document order. */
export async function hrefs(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
}

// --- Shoppers and the cart (cart.spec.ts, wishlist.spec.ts). --------------------------------------

/** A product as the listing endpoints return it, with the fields the cart and wishlist tests need. */
export type ApiCard = ApiProduct & {
  quantity: number;
  wholesale_price: number | null;
  colors_list: string[];
  varieties_list: string[];
  rating: number | null;
  reviews_count: number;
};

const catalogueCache = new Map<Lang, ApiCard[]>();

/** Every product of the newest and best-seller lists (100 each), by id, once per language. */
export async function apiCatalogue(request: APIRequestContext, lang: Lang = "es"): Promise<ApiCard[]> {
  const hit = catalogueCache.get(lang);
  if (hit) return hit;
  const byId = new Map<number, ApiCard>();
  for (const section of ["latest", "bestsellers"]) {
    const list = await getJson<{ products: ApiCard[] }>(request, `/api/product/${section}?limit=100&lang=${lang}`);
    for (const p of list.products) byId.set(p.id, p);
  }
  const all = [...byId.values()].sort((a, b) => a.id - b.id);
  catalogueCache.set(lang, all);
  return all;
}

/** The first seeded product that passes `test` (fails the test with `what` when there is none). */
export async function pickProduct(
  request: APIRequestContext,
  what: string,
  test: (p: ApiCard) => boolean,
  lang: Lang = "es",
): Promise<ApiCard> {
  const found = (await apiCatalogue(request, lang)).find(test);
  expect(found, `a seeded product ${what}`).toBeTruthy();
  return found!;
}

const SHOPPER_PASSWORD = "Guayaba-Verde-77";

/**
 * A fresh, active account made through the pages (sign-up form post, then the emailed activation
 * link), as tests/e2e/accounts.spec.ts does: each test gets its own cart and wishlist, since the
 * tests run in parallel on one database.
 */
export async function createShopper(request: APIRequestContext, prefix = "shopper", firstName = "Yanet") {
  const { waitForMail } = await import("./mail");
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const who = { email: `${prefix}-${id}@example.com`, username: `${prefix}_${id}` };
  const res = await request.post("/es/signup", {
    form: {
      ...who,
      first_name: firstName,
      last_name: "Castro",
      password: SHOPPER_PASSWORD,
      re_password: SHOPPER_PASSWORD,
    },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  const mail = await waitForMail(who.email, /\/activate\//);
  const activation = await request.post(new URL(mail.link).pathname, { maxRedirects: 0 });
  expect(activation.status()).toBe(303);
  return { ...who, password: SHOPPER_PASSWORD };
}

/**
 * What a browser adds to a same-origin form post: a post carrying the session cookies needs it
 * (or `Origin`), or the server refuses it (issue 22 point 6). For `request.post` calls.
 */
export const SAME_ORIGIN = { "Sec-Fetch-Site": "same-origin" } as const;

/**
 * Signs `page`'s browser context in with a plain form post to the login page (the session cookies
 * land in the context), then returns the account.
 */
export async function signInShopper(page: Page, who: { email: string; password: string }, lang: Lang = "es") {
  const res = await page.request.post(`/${lang}/login`, {
    form: { email: who.email, password: who.password },
    maxRedirects: 0,
    headers: SAME_ORIGIN,
  });
  expect(res.status(), "sign-in").toBe(303);
  return who;
}

/** A fresh account, signed in in `page`'s context. */
export async function newSignedInShopper(page: Page, prefix = "shopper", lang: Lang = "es", firstName = "Yanet") {
  return signInShopper(page, await createShopper(page.request, prefix, firstName), lang);
}

/** Puts `count` units of a product in the signed-in context's cart through the add action. */
export async function addToCartQuickly(page: Page, productId: number, count = 1, lang: Lang = "es") {
  const res = await page.request.post(`/${lang}/cart/add`, {
    form: { productId: String(productId), count: String(count) },
    headers: SAME_ORIGIN,
  });
  expect(res.status(), `add ${productId} x ${count}`).toBe(200);
}

/** The header's cart link (its name includes the badge's count in words). */
export function headerCart(page: Page, lang: Lang): Locator {
  return page
    .getByRole("banner")
    .getByRole("link", { name: new RegExp(`^${escapeRegExp(t(lang, "accounts.menu.cart"))}`) });
}

/** The header badge's count in words ('2 artículos'), for `toContainText` on `headerCart`. */
export function cartCountText(lang: Lang, count: number): string {
  return t(lang, count === 1 ? "accounts.menu.cartCount_one" : "accounts.menu.cartCount_other", { count });
}

/** axe finds no serious or critical violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page, include: string[] = []): Promise<void> {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  type AxePage = ConstructorParameters<typeof AxeBuilder>[0]["page"];
  const builder = new AxeBuilder({ page: page as unknown as AxePage });
  for (const selector of include) builder.include(selector);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join("\n    ")}`,
    );
  expect(serious, serious.join("\n")).toEqual([]);
}
