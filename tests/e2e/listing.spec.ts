import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import {
  type Lang,
  apiBestsellers,
  apiCategories,
  apiLatest,
  gotoHydrated,
  hrefs,
  localizedName,
  parseUsd,
  t,
  expectNoSeriousA11yViolations,
} from "./support";

/** §2.7 category page, §2.8 subcategory listing, §2.9 home-products listing (D12b, §4.6, §9). */

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

function countText(lang: Lang, count: number): string {
  return t(lang, count === 1 ? "catalog.count_one" : "catalog.count_other", { count });
}

type ListedProduct = { id: number; price: number; quantity: number; brand: string; display_name: string };

/** One page of a category or subcategory listing from the REST API (§7.1 `by/search`). */
async function apiListing(
  request: APIRequestContext,
  body: { category_slug: string; price_range?: string; sort_by?: string; order?: string; language?: Lang },
  page = 1,
): Promise<{ count: number; results: ListedProduct[] }> {
  const post = () =>
    request.post(`/api/product/by/search${page > 1 ? `?p=${page}` : ""}`, {
      data: { price_range: "all", sort_by: "date_created", order: "desc", language: "es", ...body },
    });
  const response = await retried(post);
  expect(response.status()).toBe(200);
  return (await response.json()) as { count: number; results: ListedProduct[] };
}

/** The products of the page's listing, in order. */
function cards(page: Page) {
  return page.getByRole("main").getByRole("article");
}

/** The shown (current) USD price of each product on the page, in order. */
async function shownPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).evaluateAll((articles) =>
    articles.map((article) => {
      const spans = Array.from(article.querySelectorAll("span")).filter(
        (s) => !s.closest("s") && /^\$[\d,]+\.\d{2}$/.test(s.textContent?.trim() ?? ""),
      );
      return spans[0]?.textContent ?? "";
    }),
  );
  return texts.map(parseUsd);
}

/** The product ids linked from the listed items, in order. */
async function shownIds(page: Page): Promise<number[]> {
  const links = await hrefs(cards(page).getByRole("heading").getByRole("link"));
  return links.map((href) => Number(href.split("/").pop()));
}

function sortSummary(page: Page, lang: Lang) {
  return page.getByRole("main").locator("summary", { hasText: t(lang, "catalog.sort.label") });
}

async function chooseSort(page: Page, lang: Lang, label: string) {
  await sortSummary(page, lang).click();
  await page.getByRole("main").getByRole("link", { name: label, exact: true }).click();
}

function status(page: Page) {
  return page.getByRole("main").getByRole("status").first();
}

test.describe("category page (§2.7)", () => {
  test("breadcrumb, subcategory cards, its products and the other categories", async ({ page, request }) => {
    const categories = await retried(apiCategories, request);
    const food = categories.find((c) => c.slug === "alimentos")!;
    const all = await apiListing(request, { category_slug: "alimentos" });
    await gotoHydrated(page, "/es/shop/alimentos");

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(food.name);
    const breadcrumb = page.getByRole("navigation", { name: t("es", "breadcrumb.label") });
    await expect(breadcrumb.getByRole("link")).toHaveCount(1);
    await expect(breadcrumb.getByRole("link", { name: t("es", "breadcrumb.home") })).toHaveAttribute("href", "/es/");
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(food.name);

    const subs = page.getByRole("region", { name: t("es", "catalog.category.subcategories", { name: food.name }) });
    expect(await hrefs(subs.getByRole("link"))).toEqual(food.sub_categories.map((s) => `/es/shop/alimentos/${s.slug}`));
    // Each card says how many products it has.
    const firstSub = food.sub_categories[0];
    const firstCount = (await apiListing(request, { category_slug: firstSub.slug })).count;
    await expect(subs.getByRole("link").first()).toContainText(
      t("es", firstCount === 1 ? "catalog.category.productCount_one" : "catalog.category.productCount_other", {
        count: firstCount,
      }),
    );

    const products = page.getByRole("region", { name: t("es", "catalog.category.products", { name: food.name }) });
    await expect(products).toBeVisible();
    await expect(status(page)).toHaveText(countText("es", all.count));
    await expect(cards(page)).toHaveCount(Math.min(all.count, PAGE_SIZE));
    expect(await shownIds(page)).toEqual(all.results.map((p) => p.id));

    const others = page.getByRole("region", { name: t("es", "catalog.category.others") });
    expect(await hrefs(others.getByRole("link"))).toEqual(
      categories.filter((c) => c.slug !== "alimentos").map((c) => `/es/shop/${c.slug}`),
    );
    await expect(others.getByRole("link", { name: food.name })).toHaveCount(0);

    // A subcategory card leads to its listing.
    await subs.getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/es/shop/alimentos/${firstSub.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstSub.name);
  });

  test("English names under /en/", async ({ page, request }) => {
    const food = (await retried(apiCategories, request)).find((c) => c.slug === "alimentos")!;
    await gotoHydrated(page, "/en/shop/alimentos");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(localizedName(food, "en"));
    await expect(page.getByRole("heading", { name: t("en", "catalog.category.others") })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${localizedName(food, "en")} \\|`));
  });

  test("a subcategory slug, an unknown slug and a subcategory under another category are 404", async ({ page }) => {
    for (const path of [
      "/es/shop/granos-y-pastas",
      "/es/shop/no-existe",
      "/es/shop/bebidas/granos-y-pastas",
      "/en/shop/alimentos/nope",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        t(path.startsWith("/en") ? "en" : "es", "notFound.title"),
      );
    }
  });

  test("pages by 42: page 2 has other products, and back returns to page 1", async ({ page, request, baseURL }) => {
    const first = await apiListing(request, { category_slug: "alimentos" });
    expect(first.count, "the demo category has more than one page").toBeGreaterThan(PAGE_SIZE);
    const second = await apiListing(request, { category_slug: "alimentos" }, 2);
    await gotoHydrated(page, "/es/shop/alimentos");
    const pagination = page.getByRole("navigation", { name: t("es", "pagination.label") });
    await expect(pagination.getByRole("link", { name: t("es", "pagination.page", { n: 1 }) })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const pageOne = await shownIds(page);

    await pagination.getByRole("link", { name: t("es", "pagination.page", { n: 2 }) }).click();
    await expect(page).toHaveURL(new URL("/es/shop/alimentos?p=2", baseURL).href);
    await expect.poll(() => shownIds(page)).toEqual(second.results.map((p) => p.id));
    const pageTwo = await shownIds(page);
    expect(pageTwo.some((id) => pageOne.includes(id))).toBe(false);
    await expect(pagination.getByRole("link", { name: t("es", "pagination.page", { n: 2 }) })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/es\/shop\/alimentos\?p=2$/);

    await page.goBack();
    await expect(page).toHaveURL(new URL("/es/shop/alimentos", baseURL).href);
    await expect.poll(() => shownIds(page)).toEqual(pageOne);
  });

  test("axe: no serious or critical violations (1280 px)", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/es/shop/alimentos");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("subcategory listing (§2.8)", () => {
  const path = "/es/shop/alimentos/carnes-y-embutidos";

  test("breadcrumb, count and products", async ({ page, request }) => {
    const food = (await retried(apiCategories, request)).find((c) => c.slug === "alimentos")!;
    const sub = food.sub_categories.find((s) => s.slug === "carnes-y-embutidos")!;
    const all = await apiListing(request, { category_slug: sub.slug });
    await gotoHydrated(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sub.name);
    const breadcrumb = page.getByRole("navigation", { name: t("es", "breadcrumb.label") });
    expect(await hrefs(breadcrumb.getByRole("link"))).toEqual(["/es/", "/es/shop/alimentos"]);
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(sub.name);
    await expect(status(page)).toHaveText(countText("es", all.count));
    expect(await shownIds(page)).toEqual(all.results.map((p) => p.id));
    // One page only: no page links.
    await expect(page.getByRole("navigation", { name: t("es", "pagination.label") })).toHaveCount(0);
  });

  test("a price range shows only prices inside it and changes the count", async ({ page, request, baseURL }) => {
    const all = await apiListing(request, { category_slug: "carnes-y-embutidos" });
    const ranged = await apiListing(request, { category_slug: "carnes-y-embutidos", price_range: "1 - 19" });
    expect(ranged.count, "the demo subcategory has prices on both sides of $20").toBeLessThan(all.count);
    expect(ranged.count).toBeGreaterThan(0);
    await gotoHydrated(page, path);
    await page.getByRole("radio", { name: t("es", "catalog.price.range", { min: 1, max: 19 }) }).check();
    await expect(page).toHaveURL(new URL(`${path}?price_range=1+-+19`, baseURL).href);
    await expect(status(page)).toHaveText(countText("es", ranged.count));
    await expect(cards(page)).toHaveCount(ranged.count);
    for (const price of await shownPrices(page)) {
      expect(price).toBeGreaterThanOrEqual(1);
      expect(price).toBeLessThan(20);
    }
    await expect(page.getByRole("radio", { name: t("es", "catalog.price.range", { min: 1, max: 19 }) })).toBeChecked();

    // Another range; then 'clear filters' shows everything again.
    await page.getByRole("radio", { name: t("es", "catalog.price.range", { min: 20, max: 39 }) }).check();
    await expect(page).toHaveURL(new URL(`${path}?price_range=20+-+39`, baseURL).href);
    const mid = await apiListing(request, { category_slug: "carnes-y-embutidos", price_range: "20 - 39" });
    await expect(status(page)).toHaveText(countText("es", mid.count));
    for (const price of await shownPrices(page)) expect(price >= 20 && price < 40).toBe(true);
    await page.getByRole("link", { name: t("es", "catalog.filters.clear") }).click();
    await expect(page).toHaveURL(new URL(path, baseURL).href);
    await expect(status(page)).toHaveText(countText("es", all.count));
  });

  test("sort by price, then price again toggles the order; sort by name", async ({ page, request, baseURL }) => {
    const byNameEs = await apiListing(request, { category_slug: "carnes-y-embutidos", sort_by: "name", order: "asc" });
    await gotoHydrated(page, path);
    await expect(sortSummary(page, "es")).toContainText(t("es", "catalog.sort.date_created.desc"));

    await chooseSort(page, "es", t("es", "catalog.sort.price.asc"));
    await expect(page).toHaveURL(new URL(`${path}?sort_by=price&order=asc`, baseURL).href);
    await expect(sortSummary(page, "es")).toContainText(t("es", "catalog.sort.price.asc"));
    const byPrice = await apiListing(request, { category_slug: "carnes-y-embutidos", sort_by: "price", order: "asc" });
    await expect.poll(() => shownIds(page)).toEqual(byPrice.results.map((p) => p.id));
    const ascending = await shownPrices(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBeLessThan(ascending[ascending.length - 1]);

    // §4.6: the price entry now offers the other direction.
    await chooseSort(page, "es", t("es", "catalog.sort.price.desc"));
    await expect(page).toHaveURL(new URL(`${path}?sort_by=price&order=desc`, baseURL).href);
    await expect.poll(() => shownPrices(page)).toEqual([...ascending].sort((a, b) => b - a));

    await chooseSort(page, "es", t("es", "catalog.sort.name.asc"));
    await expect(page).toHaveURL(new URL(`${path}?sort_by=name&order=asc`, baseURL).href);
    await expect.poll(() => shownIds(page)).toEqual(byNameEs.results.map((p) => p.id));
  });

  test("a filter keeps the sort and view, and goes back to page 1", async ({ page, request, baseURL }) => {
    await gotoHydrated(page, "/es/shop/alimentos?sort_by=price&order=asc&view=list&p=2");
    await page.getByRole("radio", { name: t("es", "catalog.price.range", { min: 1, max: 19 }) }).check();
    await expect(page).toHaveURL(
      new URL("/es/shop/alimentos?sort_by=price&order=asc&view=list&price_range=1+-+19", baseURL).href,
    );
    const cheap = await apiListing(request, { category_slug: "alimentos", price_range: "1 - 19" });
    await expect(status(page)).toHaveText(countText("es", cheap.count));
    await expect(
      cards(page)
        .first()
        .getByRole("link", { name: new RegExp(t("es", "catalog.item.addToCart")) }),
    ).toBeVisible();
    if (cheap.count > PAGE_SIZE) {
      await expect(
        page
          .getByRole("navigation", { name: t("es", "pagination.label") })
          .getByRole("link", { name: t("es", "pagination.page", { n: 1 }) }),
      ).toHaveAttribute("aria-current", "page");
    }
    // And a new sort keeps the filter and goes back to page 1 too.
    await gotoHydrated(page, "/es/shop/alimentos?p=2&price_range=1+-+19");
    await chooseSort(page, "es", t("es", "catalog.sort.name.asc"));
    await expect(page).toHaveURL(new URL("/es/shop/alimentos?price_range=1+-+19&sort_by=name&order=asc", baseURL).href);
  });

  test("grid/list toggle: the list shows the brand and add to cart", async ({ page, request, baseURL }) => {
    const all = await apiListing(request, { category_slug: "carnes-y-embutidos" });
    await gotoHydrated(page, path);
    const toggle = page.getByRole("group", { name: t("es", "catalog.view.label") });
    await expect(toggle.getByRole("link", { name: t("es", "catalog.view.grid") })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(page.getByRole("main").getByRole("link", { name: t("es", "catalog.item.addToCart") })).toHaveCount(0);

    await toggle.getByRole("link", { name: t("es", "catalog.view.list") }).click();
    await expect(page).toHaveURL(new URL(`${path}?view=list`, baseURL).href);
    await expect(toggle.getByRole("link", { name: t("es", "catalog.view.list") })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(cards(page)).toHaveCount(all.count);
    await expect(
      cards(page)
        .first()
        .getByRole("link", { name: new RegExp(t("es", "catalog.item.addToCart")) }),
    ).toBeVisible();
    const first = cards(page).first();
    await expect(first).toContainText(all.results[0].brand);
    const buy = first.getByRole("link", { name: new RegExp(`^${t("es", "catalog.item.addToCart")}`) });
    // Nobody can be signed in yet: add to cart signs in first and comes back here (D7, D9).
    await expect(buy).toHaveAttribute("href", `/es/login?next=${encodeURIComponent(`${path}?view=list`)}`);
    expect(await shownIds(page)).toEqual(all.results.map((p) => p.id));

    await toggle.getByRole("link", { name: t("es", "catalog.view.grid") }).click();
    await expect(page).toHaveURL(new URL(path, baseURL).href);
    await expect(
      page.getByRole("main").getByRole("link", { name: new RegExp(t("es", "catalog.item.addToCart")) }),
    ).toHaveCount(0);
  });

  test("bad query values fall back to the defaults; a page past the end says so", async ({ page, request }) => {
    const all = await apiListing(request, { category_slug: "carnes-y-embutidos" });
    const response = await page.goto(`${path}?price_range=cheap&sort_by=colour&order=up&p=abc&view=table`);
    expect(response?.status()).toBe(200);
    await expect(status(page)).toHaveText(countText("es", all.count));
    expect(await shownIds(page)).toEqual(all.results.map((p) => p.id));

    const past = await page.goto(`${path}?p=7`);
    expect(past?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 2, name: t("es", "catalog.listing.pastEndTitle") })).toBeVisible();
    await expect(page.getByRole("link", { name: t("es", "catalog.listing.firstPage") })).toHaveAttribute("href", path);
  });

  test("an empty filter result links back to the category", async ({ page, request }) => {
    // The demo subcategory has no product at $60 to $79.
    expect((await apiListing(request, { category_slug: "carnes-y-embutidos", price_range: "60 - 79" })).count).toBe(0);
    await gotoHydrated(page, `${path}?price_range=60+-+79`);
    await expect(page.getByRole("heading", { level: 2, name: t("es", "catalog.listing.emptyTitle") })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(
      page.getByRole("main").getByRole("link", { name: t("es", "catalog.listing.backTo", { name: "Alimentos" }) }),
    ).toHaveAttribute("href", "/es/shop/alimentos");
  });

  test("axe: grid at 360 px and list at 1280 px", async ({ page }) => {
    test.setTimeout(90_000); // two axe runs over a full listing on a shared machine
    await page.setViewportSize({ width: 360, height: 800 });
    await gotoHydrated(page, path);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, `${path}?view=list&sort_by=price&order=desc`);
    await sortSummary(page, "es").click();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("filter, sort, view and pages work with plain forms and links", async ({ page, request, baseURL }) => {
    const path = "/es/shop/alimentos/carnes-y-embutidos";
    const ranged = await apiListing(request, { category_slug: "carnes-y-embutidos", price_range: "1 - 19" });
    await page.goto(path);
    await page.getByRole("radio", { name: t("es", "catalog.price.range", { min: 1, max: 19 }) }).check();
    await page.getByRole("button", { name: t("es", "catalog.filters.apply") }).click();
    await expect(page).toHaveURL(new URL(`${path}?price_range=1+-+19`, baseURL).href);
    await expect(status(page)).toHaveText(countText("es", ranged.count));

    // Each click loads a new document: wait for its products before reading them.
    const sorted = await apiListing(request, {
      category_slug: "carnes-y-embutidos",
      price_range: "1 - 19",
      sort_by: "price",
      order: "asc",
    });
    await chooseSort(page, "es", t("es", "catalog.sort.price.asc"));
    await expect(page).toHaveURL(new URL(`${path}?price_range=1+-+19&sort_by=price&order=asc`, baseURL).href);
    await expect(sortSummary(page, "es")).toContainText(t("es", "catalog.sort.price.asc"));
    await expect.poll(() => shownIds(page)).toEqual(sorted.results.map((p) => p.id));
    const ascending = await shownPrices(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending).toHaveLength(ranged.count);
    for (const price of ascending) expect(price >= 1 && price < 20).toBe(true);
    await chooseSort(page, "es", t("es", "catalog.sort.price.desc"));
    await expect(page).toHaveURL(new URL(`${path}?price_range=1+-+19&sort_by=price&order=desc`, baseURL).href);
    await expect(sortSummary(page, "es")).toContainText(t("es", "catalog.sort.price.desc"));
    await expect.poll(() => shownPrices(page)).toEqual([...ascending].sort((a, b) => b - a));

    await page
      .getByRole("group", { name: t("es", "catalog.view.label") })
      .getByRole("link", { name: t("es", "catalog.view.list") })
      .click();
    await expect(page).toHaveURL(
      new URL(`${path}?price_range=1+-+19&sort_by=price&order=desc&view=list`, baseURL).href,
    );
    await expect(
      cards(page)
        .first()
        .getByRole("link", { name: new RegExp(t("es", "catalog.item.addToCart")) }),
    ).toBeVisible();

    // Pages, on a category with more than 42 products.
    await page.goto("/es/shop/alimentos");
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    const first = await shownIds(page);
    await page
      .getByRole("navigation", { name: t("es", "pagination.label") })
      .getByRole("link", { name: t("es", "pagination.next") })
      .click();
    await expect(page).toHaveURL(new URL("/es/shop/alimentos?p=2", baseURL).href);
    await expect(
      page
        .getByRole("navigation", { name: t("es", "pagination.label") })
        .getByRole("link", { name: t("es", "pagination.page", { n: 2 }) }),
    ).toHaveAttribute("aria-current", "page");
    const second = await shownIds(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((id) => first.includes(id))).toBe(false);
  });
});

test.describe("home-products listing (§2.9)", () => {
  for (const [key, titleKey, read] of [
    ["new-arrivals", "home.newArrivals.title", apiLatest],
    ["best-sellers", "home.bestSellers.title", apiBestsellers],
  ] as const) {
    test(`${key}: 30 products with their count, and list mode`, async ({ page, request, baseURL }) => {
      const expected = (await retried(read, request, 30, "es")) as unknown as ListedProduct[];
      expect(expected).toHaveLength(30);
      await gotoHydrated(page, `/es/home-products/${key}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", titleKey));
      await expect(status(page)).toHaveText(countText("es", 30));
      const breadcrumb = page.getByRole("navigation", { name: t("es", "breadcrumb.label") });
      await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(t("es", titleKey));
      await expect(cards(page)).toHaveCount(30);
      expect(await shownIds(page)).toEqual(expected.map((p) => p.id));

      await page
        .getByRole("group", { name: t("es", "catalog.view.label") })
        .getByRole("link", { name: t("es", "catalog.view.list") })
        .click();
      await expect(page).toHaveURL(new URL(`/es/home-products/${key}?view=list`, baseURL).href);
      await expect(cards(page)).toHaveCount(30);
      const onSale = expected.find((p) => p.price < (p as unknown as { original_price: number }).original_price);
      if (onSale) {
        const item = cards(page).filter({ has: page.locator(`a[href="/es/product/${onSale.id}"]`) });
        await expect(item.locator("s")).toHaveCount(1);
        await expect(item.getByText(/^-\d+%$/)).toBeVisible();
      }
      for (const product of expected.slice(0, 3)) {
        await expect(cards(page).filter({ has: page.locator(`a[href="/es/product/${product.id}"]`) })).toContainText(
          product.brand,
        );
      }
      const soldOut = expected.filter((p) => p.quantity === 0);
      for (const product of soldOut) {
        const item = cards(page).filter({ has: page.locator(`a[href="/es/product/${product.id}"]`) });
        await expect(
          item.getByRole("button", { name: new RegExp(`^${t("es", "catalog.item.addToCart")}`) }),
        ).toBeDisabled();
        await expect(item.getByText(t("es", "product.outOfStock"))).toBeVisible();
      }
      const inStock = expected.find((p) => p.quantity > 0)!;
      await expect(
        cards(page)
          .filter({ has: page.locator(`a[href="/es/product/${inStock.id}"]`) })
          .getByRole("link", { name: new RegExp(`^${t("es", "catalog.item.addToCart")}`) }),
      ).toBeEnabled();
    });
  }

  test("the demo store has an out-of-stock product among them", async ({ request }) => {
    const both = [
      ...(await retried(apiLatest, request, 30)),
      ...(await retried(apiBestsellers, request, 30)),
    ] as unknown as ListedProduct[];
    expect(both.some((p) => p.quantity === 0)).toBe(true);
  });

  test("an unknown key is a 404", async ({ page }) => {
    const response = await page.goto("/es/home-products/deals");
    expect(response?.status()).toBe(404);
  });

  test("from the home page: 12 skeleton cards while loading, then the list", async ({ page }) => {
    await gotoHydrated(page, "/en/");
    await page
      .getByRole("region", { name: t("en", "home.newArrivals.title") })
      .locator('a[href="/en/home-products/new-arrivals"]')
      .click();
    await expect(page.getByRole("status").filter({ hasText: t("en", "product.loading") })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "home.newArrivals.title"));
    await expect(cards(page)).toHaveCount(30);
    await expect(status(page)).toHaveText(countText("en", 30));
  });
});
