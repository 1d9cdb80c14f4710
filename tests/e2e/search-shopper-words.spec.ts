import { type Page, expect, test } from "@playwright/test";
import { LANGS, exactly, gotoHydrated, t } from "./support";
import { signInStaff } from "./staff-sign-in";

// Issue 23 points 1, 2 and 4 through the pages: the zero-result page that helps, in both languages
// on a 360 px phone (filters folded so the help comes first), the partial-match note, and the
// back office's synonym editor (a group added is used by search at once, and audited).

const OPERATOR = { email: "operador@tienda.cu", password: "Malecon2026!" };
const filters = (page: Page, lang: "es" | "en") =>
  page.locator("details", { has: page.locator("summary", { hasText: t(lang, "catalog.filters.title") }) });

test.describe("zero-result page (issue 23 point 4) on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const lang of LANGS) {
    test(`${lang}: did you mean, best sellers and tips; the filter panel starts folded`, async ({ page, baseURL }) => {
      await gotoHydrated(page, `/${lang}/search?q=refrijeradorr&category=all`);
      await expect(page.getByRole("heading", { level: 2, name: t(lang, "search.noResultsTitle") })).toBeVisible();
      // §2.8: folded on small screens, so the help is what a phone shows.
      await expect(filters(page, lang)).not.toHaveAttribute("open", /.*/);
      const suggestion = page.getByRole("link", { name: exactly("refrigerador") });
      await expect(page.getByText(t(lang, "search.didYouMean"))).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: t(lang, "search.tips.title") })).toBeVisible();
      await expect(page.getByText(t(lang, "search.tips.fewerWords"))).toBeVisible();
      const popular = page.getByRole("region", { name: t(lang, "search.popular") });
      await expect(popular.getByRole("link").first()).toBeVisible();
      await suggestion.click();
      await expect(page).toHaveURL(new URL(`/${lang}/search?q=refrigerador&category=all`, baseURL).href);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(lang, "search.title", { q: "refrigerador" }));
      await expect(page.getByRole("heading", { name: t(lang, "search.noResultsTitle") })).toHaveCount(0);
    });
  }

  test("es: the best sellers follow the chosen category", async ({ page }) => {
    await gotoHydrated(page, "/es/search?q=zzqqxxwv&category=alimentos");
    const popular = page.getByRole("region", { name: t("es", "search.popularIn", { category: "Alimentos" }) });
    await expect(popular.getByRole("link").first()).toBeVisible();
  });
});

test.describe("partial matches (issue 23 point 2)", () => {
  for (const lang of LANGS) {
    test(`${lang}: the page says which words the results are for`, async ({ page }) => {
      await gotoHydrated(page, `/${lang}/search?q=arroz+marciano`);
      const note = page.getByRole("note");
      await expect(note).toContainText(t(lang, "search.partial", { q: "arroz marciano" }));
      await expect(note).toContainText(t(lang, "search.showingFor", { terms: "arroz" }));
      await gotoHydrated(page, `/${lang}/search?q=trmo`);
      await expect(page.getByRole("note")).toContainText(t(lang, "search.showingFor", { terms: "termo" }));
    });
  }
});

test.describe("back-office synonym editor (issue 23 point 1)", () => {
  test("es: a group added is used by search at once, shows in the audit log, and can be removed", async ({ page }) => {
    const word = `guagua${Date.now().toString(36)}`;
    await expect((await page.request.get(`/api/product/search?s=${word}&lang=es`)).json()).resolves.toMatchObject({
      count: 0,
    });
    await signInStaff(page, OPERATOR, "es");
    await gotoHydrated(page, "/es/admin/synonyms");
    await expect(page.getByRole("heading", { level: 1, name: t("es", "admin.synonyms.title") })).toBeVisible();
    await page.getByLabel(t("es", "admin.synonyms.field.terms")).fill(`${word}, mochila escolar`);
    await page.getByRole("button", { name: t("es", "admin.synonyms.submit") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("es", "admin.synonyms.added") })).toBeVisible();
    await expect(page.getByText(`${word}, mochila escolar`)).toBeVisible();

    // Search finds it at once, on the page and through the API (§7.1).
    await gotoHydrated(page, `/es/search?q=${word}`);
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: /Mochila escolar/ })
        .first(),
    ).toBeVisible();
    const api = (await (await page.request.get(`/api/product/search?s=${word}&lang=es`)).json()) as {
      count: number;
      results: { name: string }[];
    };
    expect(api.count).toBeGreaterThan(0);
    expect(api.results[0].name).toMatch(/^Mochila escolar/);

    // The audit log shows who added what.
    await gotoHydrated(page, "/es/admin/audit?q=synonyms");
    await expect(page.getByText("synonyms.add").first()).toBeVisible();
    await expect(page.getByText(word).first()).toBeVisible();

    // Removed: search no longer knows the word.
    await gotoHydrated(page, "/es/admin/synonyms");
    await page
      .getByRole("button", { name: t("es", "admin.synonyms.removeGroup", { terms: `${word}, mochila escolar` }) })
      .click();
    await expect(page.getByRole("status").filter({ hasText: t("es", "admin.synonyms.removed") })).toBeVisible();
    const after = (await (await page.request.get(`/api/product/search?s=${word}&lang=es`)).json()) as { count: number };
    expect(after.count).toBe(0);
  });

  test("en: a group of one word is refused with the error beside the field", async ({ page }) => {
    await signInStaff(page, OPERATOR, "en");
    await gotoHydrated(page, "/en/admin/synonyms");
    await page.getByLabel(t("en", "admin.synonyms.field.terms")).fill("bus");
    await page.getByRole("button", { name: t("en", "admin.synonyms.submit") }).click();
    await expect(page.getByText(t("en", "admin.synonyms.errors.count", { max: 12 })).first()).toBeVisible();
  });
});
