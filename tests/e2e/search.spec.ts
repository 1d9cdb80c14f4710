import { type Page, expect, test } from "@playwright/test";
import { type Lang, apiCategories, apiSearchCount, escapeRegExp, gotoHydrated, localizedName, t } from "./support";

/** §2.3 header search bar and §2.12 / D12 results page. */

function searchBox(page: Page, lang: Lang) {
  return page.getByRole("banner").getByRole("searchbox", { name: t(lang, "header.search.label") });
}

function resultsCount(lang: Lang, count: number) {
  return t(lang, count === 1 ? "search.count_one" : "search.count_other", { count });
}

test.describe("header search with JavaScript", () => {
  test("a blank or whitespace-only query is ignored", async ({ page, baseURL }) => {
    await gotoHydrated(page, "/es/");
    const historyBefore = await page.evaluate(() => history.length);
    const box = searchBox(page, "es");
    for (const blank of ["", "   ", " \t "]) {
      await box.fill(blank);
      await box.press("Enter");
      await expect(page).toHaveURL(new URL("/es/", baseURL).href);
      await expect(box).toBeFocused();
    }
    await page
      .getByRole("banner")
      .getByRole("button", { name: t("es", "header.search.submit") })
      .click();
    await expect(page).toHaveURL(new URL("/es/", baseURL).href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "home.heading", { name: "Tienda Cuba" }));

    // A real query afterwards is the only new history entry: the blank ones navigated nowhere.
    await box.fill("arroz");
    await box.press("Enter");
    await expect(page).toHaveURL(new URL("/es/search?q=arroz&category=all", baseURL).href);
    expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);
  });

  for (const [lang, q] of [
    ["es", "arroz"],
    ["en", "rice"],
  ] as const) {
    test(`/${lang}/: a query lands on /${lang}/search?q=${q}&category=all with its results`, async ({
      page,
      request,
      baseURL,
    }) => {
      const count = await apiSearchCount(request, q, "all", lang);
      expect(count, "the demo seed has matches").toBeGreaterThan(0);
      await gotoHydrated(page, `/${lang}/`);
      await searchBox(page, lang).fill(`  ${q}  `);
      await page
        .getByRole("banner")
        .getByRole("button", { name: t(lang, "header.search.submit") })
        .click();

      await expect(page).toHaveURL(new URL(`/${lang}/search?q=${q}&category=all`, baseURL).href);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(lang, "search.title", { q }));
      await expect(page.getByRole("status").filter({ hasText: resultsCount(lang, count) })).toHaveText(
        resultsCount(lang, count),
      );
      const cards = page.getByRole("main").getByRole("article");
      await expect(cards).toHaveCount(Math.min(count, 42));
      await expect(cards.first().getByRole("link")).toHaveAttribute("href", new RegExp(`^/${lang}/product/\\d+$`));
      await expect(cards.first()).toContainText(new RegExp(q, "i"));
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(t(lang, "search.title", { q }))}`));
      // The box shows the current search.
      await expect(searchBox(page, lang)).toHaveValue(q);
    });
  }

  test("the category dropdown narrows the search to a slug", async ({ page, request, baseURL }) => {
    const categories = await apiCategories(request);
    const category = categories.find((c) => c.slug === "alimentos")!;
    const count = await apiSearchCount(request, "arroz", category.slug, "es");
    await gotoHydrated(page, "/es/");
    const form = page.getByRole("banner").getByRole("search");
    await form
      .getByRole("combobox", { name: t("es", "header.search.category") })
      .selectOption({ label: category.name });
    await searchBox(page, "es").fill("arroz");
    await searchBox(page, "es").press("Enter");

    await expect(page).toHaveURL(new URL("/es/search?q=arroz&category=alimentos", baseURL).href);
    await expect(page.getByRole("status").filter({ hasText: resultsCount("es", count) })).toHaveText(
      `${resultsCount("es", count)} ${t("es", "search.inCategory", { category: category.name })}`,
    );
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(Math.min(count, 42));
    // The dropdown keeps the chosen category on the results page.
    await expect(form.getByRole("combobox", { name: t("es", "header.search.category") })).toHaveValue("alimentos");
  });

  test("special characters are encoded", async ({ page, baseURL }) => {
    await gotoHydrated(page, "/es/");
    await searchBox(page, "es").fill("café con leche & 100%");
    await searchBox(page, "es").press("Enter");
    await expect(page).toHaveURL(/\/es\/search\?/);
    const url = new URL(page.url());
    expect(url.origin + url.pathname).toBe(new URL("/es/search", baseURL).href);
    expect(url.searchParams.get("q")).toBe("café con leche & 100%");
    expect(url.searchParams.get("category")).toBe("all");
    expect(url.search).toMatch(/^\?q=caf%C3%A9(\+|%20)con(\+|%20)leche(\+|%20)%26(\+|%20)100%25&category=all$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      t("es", "search.title", { q: "café con leche & 100%" }),
    );
    await expect(searchBox(page, "es")).toHaveValue("café con leche & 100%");
  });

  test("no results: a clear message and a way home", async ({ page }) => {
    await gotoHydrated(page, "/en/");
    await searchBox(page, "en").fill("zzqqxxwv");
    await searchBox(page, "en").press("Enter");
    await expect(page.getByRole("heading", { level: 2, name: t("en", "search.noResultsTitle") })).toBeVisible();
    await expect(page.getByText(t("en", "search.noResults", { q: "zzqqxxwv" }))).toBeVisible();
    // No result cards; the only cards are the store's best sellers, under their own heading (issue 23 point 4).
    await expect(page.getByRole("region", { name: t("en", "catalog.results") }).getByRole("article")).toHaveCount(0);
    await expect(page.getByRole("region", { name: t("en", "search.popular") }).getByRole("article")).not.toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: t("en", "search.backHome") })).toHaveAttribute(
      "href",
      "/en/",
    );
  });
});

test("markup in a query is shown as text, never interpreted", async ({ page }) => {
  const q = '<img src=x onerror="window.__xss=1">zzqq';
  await page.goto(`/es/search?${new URLSearchParams({ q, category: "all" })}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "search.title", { q }));
  await expect(page.getByRole("main").locator("img[src=x]")).toHaveCount(0);
  await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(t("es", "search.title", { q }))}`));
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

// docs/decisions/002: a results page is indexable under one canonical URL per search; the view
// toggle and unknown parameters are not part of it, and an empty search is not indexed.
test("a results page has one canonical URL per search; an empty one is noindex", async ({ page, baseURL }) => {
  await page.goto("/es/search?q=%20arroz%20&category=all&view=list&utm_source=x");
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new URL("/es/search?q=arroz&category=all", baseURL).href,
  );
  await page.goto("/es/search?q=zzqqxxwv&category=all");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});

test.describe("header search on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const lang of ["es", "en"] as const) {
    test(`/${lang}/: collapsed behind a button until tapped`, async ({ page, baseURL }) => {
      await gotoHydrated(page, `/${lang}/`);
      // Collapsed: no search field, category select or submit button on view.
      await expect(page.getByRole("searchbox")).toHaveCount(0);
      await expect(page.getByRole("search")).toHaveCount(0);
      // Nothing in the header pushes the page sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
      const toggle = page.getByRole("banner").locator("summary", { hasText: t(lang, "header.search.toggle") });
      await expect(toggle).toBeVisible();

      await toggle.click();
      const box = page.getByRole("searchbox", { name: t(lang, "header.search.label") });
      await expect(box).toBeVisible();
      await expect(box).toBeFocused();
      await expect(page.getByRole("combobox", { name: t(lang, "header.search.category") })).toBeVisible();
      // The opened search fits the screen.
      const box360 = await page.getByRole("search").boundingBox();
      expect(box360!.x).toBeGreaterThanOrEqual(0);
      expect(box360!.x + box360!.width).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);

      await box.fill("arroz");
      await box.press("Enter");
      await expect(page).toHaveURL(new URL(`/${lang}/search?q=arroz&category=all`, baseURL).href);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(lang, "search.title", { q: "arroz" }));
      // The search panel closes after the navigation.
      await expect(page.getByRole("searchbox")).toHaveCount(0);
    });
  }
});

test.describe("header search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form submits to the search page with the query and the category", async ({ page, request }) => {
    const count = await apiSearchCount(request, "café con leche", "all", "es");
    await page.goto("/es/");
    await searchBox(page, "es").fill("café con leche");
    await searchBox(page, "es").press("Enter");
    await expect(page).toHaveURL(/\/es\/search\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/es/search");
    expect(url.searchParams.get("q")).toBe("café con leche");
    expect(url.searchParams.get("category")).toBe("all");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "search.title", { q: "café con leche" }));
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(Math.min(count, 42));
  });

  test("a whitespace-only query shows the search page's start state, not results", async ({ page }) => {
    await page.goto("/es/");
    await searchBox(page, "es").fill("   ");
    await searchBox(page, "es").press("Enter");
    await expect(page).toHaveURL(/\/es\/search\?/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "search.titleEmpty"));
    await expect(page.getByRole("heading", { level: 2, name: t("es", "search.startTitle") })).toBeVisible();
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
  });
});

test("the category select lists every category in the page language", async ({ page, request }) => {
  const categories = await apiCategories(request);
  await page.goto("/en/search?q=arroz&category=energia-solar");
  const select = page.getByRole("banner").getByRole("combobox", { name: t("en", "header.search.category") });
  await expect(select).toHaveValue("energia-solar");
  await expect(select.locator("option:checked")).toHaveText(
    localizedName(categories.find((c) => c.slug === "energia-solar")!, "en"),
  );
});
