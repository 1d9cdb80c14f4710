import { type Page, expect, test } from "@playwright/test";
import { type Lang, apiCategories, apiLatest, gotoHydrated, hrefs, localizedName, t } from "./support";

/**
 * §2.1, §4.9: the language picker goes to the same page under the other prefix, query kept, and the
 * whole page (texts, data, head) follows. With and without JavaScript.
 */

const NAMES = { es: "Español", en: "English" } as const;

/** Opens the header's language picker and follows the link to `to`. */
async function pickLanguage(page: Page, from: Lang, to: Lang) {
  const summary = page.locator("summary", { hasText: t(from, "header.language.current", { language: NAMES[from] }) });
  await summary.click();
  await page.locator("details", { has: summary }).getByRole("link", { name: NAMES[to] }).click();
}

/** The home page is entirely in `lang`: html lang, title, headings, category and product names, head links. */
async function expectHomeIn(page: Page, lang: Lang, baseURL: string, productName: string, categoryName: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page).toHaveTitle(t(lang, "home.title", { name: "Tienda Cuba" }));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(lang, "home.heading", { name: "Tienda Cuba" }));
  await expect(page.getByRole("heading", { level: 2, name: t(lang, "home.newArrivals.title") })).toBeVisible();
  await expect(page.getByRole("banner").getByText(t(lang, "header.deliverTo"), { exact: true })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("heading", { name: t(lang, "newsletter.title") })).toBeVisible();
  const nav = page.getByRole("navigation", { name: t(lang, "header.mainNav") });
  await expect(nav.getByRole("link").first()).toHaveText(categoryName);
  const newArrivals = page.getByRole("region", { name: t(lang, "home.newArrivals.title") });
  await expect(newArrivals.getByRole("article").first().getByRole("link")).toHaveAccessibleName(productName);
  // Every internal link of the header carries the new prefix.
  const internal = await hrefs(page.getByRole("banner").locator('a[href^="/"]:not([hreflang])'));
  expect(internal.length).toBeGreaterThan(5);
  for (const href of internal) expect(href).toMatch(new RegExp(`^/${lang}/`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new URL(`/${lang}/`, baseURL).href);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`language switch ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("from /es/ to /en/ and back: every text follows", async ({ page, request, baseURL }) => {
      const [categories, es, en] = await Promise.all([
        apiCategories(request),
        apiLatest(request, 1, "es"),
        apiLatest(request, 1, "en"),
      ]);
      expect(en[0].display_name, "the demo product has an English name").not.toBe(es[0].display_name);
      if (javaScriptEnabled) await gotoHydrated(page, "/es/");
      else await page.goto("/es/");
      await expectHomeIn(page, "es", baseURL!, es[0].display_name, localizedName(categories[0], "es"));

      await pickLanguage(page, "es", "en");
      await expect(page).toHaveURL(new URL("/en/", baseURL).href);
      await expectHomeIn(page, "en", baseURL!, en[0].display_name, localizedName(categories[0], "en"));
      await expect(page.getByText(t("es", "home.newArrivals.title"), { exact: true })).toHaveCount(0);

      await pickLanguage(page, "en", "es");
      await expect(page).toHaveURL(new URL("/es/", baseURL).href);
      await expectHomeIn(page, "es", baseURL!, es[0].display_name, localizedName(categories[0], "es"));
    });

    test("the same page and query under the other prefix (search)", async ({ page, baseURL }) => {
      const from = "/es/search?q=arroz&category=all";
      if (javaScriptEnabled) await gotoHydrated(page, from);
      else await page.goto(from);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "search.title", { q: "arroz" }));

      const summary = page.locator("summary", { hasText: t("es", "header.language.current", { language: "Español" }) });
      await summary.click();
      const english = page.locator("details", { has: summary }).getByRole("link", { name: "English" });
      await expect(english).toHaveAttribute("href", "/en/search?q=arroz&category=all");
      await english.click();

      await expect(page).toHaveURL(new URL("/en/search?q=arroz&category=all", baseURL).href);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "search.title", { q: "arroz" }));
      await expect(page.getByRole("banner").getByRole("searchbox")).toHaveValue("arroz");
      await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
    });

    test("from the 'all' menu's settings: /en/shop to /es/shop", async ({ page, baseURL }) => {
      if (javaScriptEnabled) await gotoHydrated(page, "/en/shop");
      else await page.goto("/en/shop");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "shop.title"));
      const nav = page.getByRole("navigation", { name: t("en", "header.mainNav") });
      await nav.locator("summary").click();
      await nav.getByRole("link", { name: "Español" }).click();
      await expect(page).toHaveURL(new URL("/es/shop", baseURL).href);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("es", "shop.title"));
    });
  });
}
