import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import {
  type Lang,
  apiCategories,
  apiSearchCount,
  gotoHydrated,
  hrefs,
  localizedName,
  t,
  expectNoSeriousA11yViolations,
} from "./support";

/** §2.12 search results page (D10, D12): filters, states, pages and views in both languages. */

/**
 * Calls a REST helper, once more if the connection was reset: the server may close an idle
 * kept-alive connection just as the test reuses it (ECONNRESET), which says nothing about the page.
 */
function retried<A extends unknown[], T>(call: (...args: A) => Promise<T>, ...args: A): Promise<T> {
  return call(...args).catch((error: unknown) => {
    if (!String(error).includes("ECONNRESET")) throw error;
    return call(...args);
  });
}

const PAGE_SIZE = 42;

type Hit = { id: number; display_name: string; rating: number | null; reviews_count: number; brand: string };

async function apiSearch(request: APIRequestContext, q: string, category: string, lang: Lang, page = 1) {
  const query = new URLSearchParams({ s: q, category, lang });
  if (page > 1) query.set("p", String(page));
  const response = await retried(() => request.get(`/api/product/search?${query}`));
  expect(response.status()).toBe(200);
  return (await response.json()) as { count: number; results: Hit[] };
}

function countText(lang: Lang, count: number, categoryName?: string) {
  const text = t(lang, count === 1 ? "search.count_one" : "search.count_other", { count });
  return categoryName ? `${text} ${t(lang, "search.inCategory", { category: categoryName })}` : text;
}

function cards(page: Page) {
  return page.getByRole("main").getByRole("article");
}

function status(page: Page) {
  return page.getByRole("main").getByRole("status").first();
}

async function shownIds(page: Page): Promise<number[]> {
  const links = await hrefs(cards(page).getByRole("heading").getByRole("link"));
  return links.map((href) => Number(href.split("/").pop()));
}

/** A query with more than one page of results in the demo store. */
async function broadQuery(request: APIRequestContext): Promise<{ q: string; count: number }> {
  for (const q of ["de", "con", "kg", "negro", "blanco"]) {
    const count = await retried(apiSearchCount, request, q, "all", "es");
    if (count > PAGE_SIZE) return { q, count };
  }
  throw new Error("no query with more than 42 results in the demo store");
}

test("results for 'arroz': title, breadcrumb, count and the products in rank order", async ({ page, request }) => {
  const found = await apiSearch(request, "arroz", "all", "es");
  expect(found.count).toBeGreaterThan(0);
  await gotoHydrated(page, "/es/search?q=arroz&category=all");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "search.title", { q: "arroz" }));
  const breadcrumb = page.getByRole("navigation", { name: t("es", "breadcrumb.label") });
  await expect(breadcrumb.getByRole("link", { name: t("es", "breadcrumb.home") })).toHaveAttribute("href", "/es/");
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(t("es", "catalog.search.breadcrumb"));
  await expect(status(page)).toHaveText(countText("es", found.count));
  expect(await shownIds(page)).toEqual(found.results.map((p) => p.id));
  await expect(page.getByRole("radio", { name: t("es", "catalog.filters.allCategories") })).toBeChecked();
  // A results page is indexable under one canonical URL per search (docs/decisions/002).
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/es\/search\?q=arroz&category=all$/);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
    "href",
    /\/en\/search\?q=arroz&category=all$/,
  );
});

for (const [q, word] of [
  ["cafe", /café/i],
  ["detergnte", /detergente/i],
] as const) {
  test(`'${q}' finds ${word} (accents and one typo forgiven, D12)`, async ({ page, request }) => {
    const count = await retried(apiSearchCount, request, q, "all", "es");
    expect(count).toBeGreaterThan(0);
    await gotoHydrated(page, `/es/search?q=${q}&category=all`);
    await expect(status(page)).toHaveText(countText("es", count));
    await expect(cards(page).first()).toContainText(word);
  });
}

test("the category radio filter narrows the results and 'clear filters' resets it", async ({
  page,
  request,
  baseURL,
}) => {
  const categories = await retried(apiCategories, request);
  const food = categories.find((c) => c.slug === "alimentos")!;
  const all = await retried(apiSearchCount, request, "arroz", "all", "es");
  const inFood = await retried(apiSearchCount, request, "arroz", "alimentos", "es");
  expect(inFood).toBeLessThan(all);
  await gotoHydrated(page, "/es/search?q=arroz&category=all");
  const filter = page.getByRole("group", { name: t("es", "catalog.filters.category") });
  // 'All' plus every top-level category, by name.
  await expect(filter.getByRole("radio")).toHaveCount(categories.length + 1);
  for (const category of categories)
    await expect(filter.getByRole("radio", { name: category.name, exact: true })).toHaveCount(1);

  await filter.getByRole("radio", { name: food.name, exact: true }).check();
  await expect(page).toHaveURL(new URL("/es/search?q=arroz&category=alimentos", baseURL).href);
  await expect(status(page)).toHaveText(countText("es", inFood, food.name));
  await expect(cards(page)).toHaveCount(Math.min(inFood, PAGE_SIZE));
  await expect(filter.getByRole("radio", { name: food.name, exact: true })).toBeChecked();

  await page.getByRole("link", { name: t("es", "catalog.filters.clear") }).click();
  await expect(page).toHaveURL(new URL("/es/search?q=arroz&category=all", baseURL).href);
  await expect(status(page)).toHaveText(countText("es", all));
  await expect(filter.getByRole("radio", { name: t("es", "catalog.filters.allCategories") })).toBeChecked();
  await expect(page.getByRole("link", { name: t("es", "catalog.filters.clear") })).toHaveCount(0);
});

test("an unknown category searches everything instead of failing", async ({ page, request }) => {
  const all = await retried(apiSearchCount, request, "arroz", "all", "es");
  const response = await page.goto("/es/search?q=arroz&category=no-existe");
  expect(response?.status()).toBe(200);
  await expect(status(page)).toHaveText(countText("es", all));
});

test("no results, and the start state for a blank query", async ({ page }) => {
  await gotoHydrated(page, "/es/search?q=zzqqxxwv&category=all");
  await expect(page.getByRole("heading", { level: 2, name: t("es", "search.noResultsTitle") })).toBeVisible();
  await expect(page.getByText(t("es", "search.noResults", { q: "zzqqxxwv" }))).toBeVisible();
  await expect(status(page)).toHaveText(countText("es", 0));
  // No result cards; the only cards are the store's best sellers (issue 23 point 4).
  await expect(page.getByRole("region", { name: t("es", "catalog.results") }).getByRole("article")).toHaveCount(0);
  await expect(cards(page)).toHaveCount(
    await page
      .getByRole("region", { name: t("es", "search.popular") })
      .getByRole("article")
      .count(),
  );
  // Thin pages stay out of the index (docs/decisions/002).
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  await gotoHydrated(page, "/es/search?q=%20%20&category=all");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "search.titleEmpty"));
  await expect(page.getByRole("heading", { level: 2, name: t("es", "search.startTitle") })).toBeVisible();
  await expect(page.getByRole("main").getByRole("radio")).toHaveCount(0);
  await expect(cards(page)).toHaveCount(0);
});

test("more than 42 results: page 2 has the rest, back returns to page 1", async ({ page, request, baseURL }) => {
  const { q, count } = await broadQuery(request);
  const second = await apiSearch(request, q, "all", "es", 2);
  await gotoHydrated(page, `/es/search?q=${q}&category=all`);
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  const pageOne = await shownIds(page);
  const pagination = page.getByRole("navigation", { name: t("es", "pagination.label") });
  await pagination.getByRole("link", { name: t("es", "pagination.page", { n: 2 }) }).click();
  await expect(page).toHaveURL(new URL(`/es/search?q=${q}&category=all&p=2`, baseURL).href);
  await expect.poll(() => shownIds(page)).toEqual(second.results.map((p) => p.id));
  await expect(cards(page)).toHaveCount(Math.min(PAGE_SIZE, count - PAGE_SIZE));
  await expect(pagination.getByRole("link", { name: t("es", "pagination.page", { n: 2 }) })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.goBack();
  await expect(page).toHaveURL(new URL(`/es/search?q=${q}&category=all`, baseURL).href);
  await expect.poll(() => shownIds(page)).toEqual(pageOne);
});

test("English labels under /en/, and the list view shows real ratings (D10)", async ({ page, request, baseURL }) => {
  const categories = await retried(apiCategories, request);
  const found = await apiSearch(request, "rice", "all", "en");
  expect(found.count).toBeGreaterThan(0);
  await gotoHydrated(page, "/en/search?q=rice&category=all");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "search.title", { q: "rice" }));
  await expect(status(page)).toHaveText(countText("en", found.count));
  await expect(page.locator("summary", { hasText: t("en", "catalog.filters.title") })).toBeVisible();
  const filter = page.getByRole("group", { name: t("en", "catalog.filters.category") });
  await expect(filter.getByRole("radio", { name: t("en", "catalog.filters.allCategories") })).toBeChecked();
  const energy = categories.find((c) => c.slug === "energia-solar")!;
  await expect(filter.getByRole("radio", { name: localizedName(energy, "en"), exact: true })).toHaveCount(1);

  await page
    .getByRole("group", { name: t("en", "catalog.view.label") })
    .getByRole("link", { name: t("en", "catalog.view.list") })
    .click();
  await expect(page).toHaveURL(new URL("/en/search?q=rice&category=all&view=list", baseURL).href);
  for (const hit of found.results.slice(0, 5)) {
    const item = cards(page).filter({ has: page.locator(`a[href="/en/product/${hit.id}"]`) });
    await expect(item).toContainText(hit.brand);
    if (hit.rating === null || hit.reviews_count === 0) await expect(item).toContainText(t("en", "product.noReviews"));
    else await expect(item).toContainText(t("en", "product.rating", { rating: hit.rating.toFixed(1) }));
  }
  await expect(
    cards(page)
      .first()
      .getByRole("link", { name: new RegExp(`^${t("en", "catalog.item.addToCart")}`) }),
  ).toBeVisible();
  // The filter keeps the list view.
  await filter
    .getByRole("radio", { name: localizedName(categories.find((c) => c.slug === "alimentos")!, "en"), exact: true })
    .check();
  await expect(page).toHaveURL(new URL("/en/search?q=rice&view=list&category=alimentos", baseURL).href);
  await expect(
    cards(page)
      .first()
      .getByRole("link", { name: new RegExp(`^${t("en", "catalog.item.addToCart")}`) }),
  ).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the category filter applies with its button, and pages are links", async ({ page, request, baseURL }) => {
    const inFood = await retried(apiSearchCount, request, "arroz", "alimentos", "es");
    await page.goto("/es/search?q=arroz&category=all");
    await page.getByRole("radio", { name: "Alimentos", exact: true }).check();
    await page.getByRole("button", { name: t("es", "catalog.filters.apply") }).click();
    await expect(page).toHaveURL(new URL("/es/search?q=arroz&category=alimentos", baseURL).href);
    await expect(status(page)).toHaveText(countText("es", inFood, "Alimentos"));

    const { q } = await broadQuery(request);
    await page.goto(`/es/search?q=${q}&category=all`);
    await page
      .getByRole("navigation", { name: t("es", "pagination.label") })
      .getByRole("link", { name: t("es", "pagination.next") })
      .click();
    await expect(page).toHaveURL(new URL(`/es/search?q=${q}&category=all&p=2`, baseURL).href);
    await expect(cards(page).first()).toBeVisible();
  });
});

test.describe("axe: no serious or critical violations", () => {
  for (const [path, width] of [
    ["/es/search?q=arroz&category=all", 1280],
    ["/es/search?q=arroz&category=alimentos&view=list", 360],
    ["/en/search?q=zzqqxxwv&category=all", 360],
    ["/es/search?q=", 1280],
  ] as const) {
    test(`${path} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await gotoHydrated(page, path);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
