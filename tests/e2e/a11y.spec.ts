import { type Page, expect, test } from "@playwright/test";
import { gotoHydrated, t, expectNoSeriousA11yViolations } from "./support";

/** Accessibility: axe finds nothing serious or critical; the keyboard reaches the page from the top. */

/**
 * @axe-core/playwright types its `page` with its own playwright-core (a newer release than the
 * installed @playwright/test); the object is the same at run time, only the declared types differ.
 */

/** Home in both languages at both widths; the other pages at one width each. */
const PAGES: Array<[string, number[]]> = [
  ["/es/", [1280, 360]],
  ["/en/", [1280, 360]],
  ["/es/search?q=arroz&category=all", [360]],
  ["/es/shop", [1280]],
  ["/es/no-such-page", [1280]],
  ["/en/no-such-page", [360]],
];

test.describe("axe: no serious or critical violations", () => {
  for (const [path, widths] of PAGES) {
    test(`${path} at ${widths.join(" and ")} px`, async ({ page }) => {
      // A full axe scan of a long page takes seconds of CPU; allow for a busy machine.
      test.slow();
      await page.setViewportSize({ width: widths[0], height: 800 });
      const response = await page.goto(path);
      expect(response?.status()).toBe(path.includes("no-such-page") ? 404 : 200);
      const lang = path.startsWith("/en/") ? "en" : "es";
      const searchToggle = page.locator("summary", { hasText: t(lang, "header.search.toggle") });
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        // The layout really is the phone one (search collapsed) or the desktop one.
        if (width < 768) await expect(searchToggle).toBeVisible();
        else await expect(searchToggle).toBeHidden();
        await expectNoSeriousA11yViolations(page);
      }
    });
  }

  test("every header menu open and a newsletter error (360 px, header and footer)", async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 360, height: 800 });
    await gotoHydrated(page, "/es/");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("textbox", { name: t("es", "newsletter.email") }).fill("a@b");
    await footer.getByRole("button", { name: t("es", "newsletter.submit") }).click();
    await expect(footer.getByRole("alert")).toHaveText(t("es", "newsletter.email.invalid"));
    // A visitor opens one menu at a time; opening them all at once lets one scan cover every panel.
    await page.locator("details[data-dropdown]").evaluateAll((all) => all.forEach((d) => d.setAttribute("open", "")));
    await expect(page.getByRole("searchbox")).toBeVisible();
    await expect(page.getByRole("link", { name: t("es", "header.account.signIn") })).toBeVisible();
    await expect(page.getByRole("heading", { name: t("es", "nav.departments") })).toBeVisible();
    await expectNoSeriousA11yViolations(page, ["header", "footer"]);
  });
});

/** The focused element's outline, as the browser draws it. */
async function focusOutline(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return {
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      box: el.getBoundingClientRect().toJSON(),
    };
  });
}

test.describe("keyboard", () => {
  for (const lang of ["es", "en"] as const) {
    test(`/${lang}/: the first Tab reaches a visible 'skip to content' link that moves focus to the main content`, async ({
      page,
    }) => {
      await gotoHydrated(page, `/${lang}/`);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: t(lang, "a11y.skipToContent") });
      await expect(skip).toBeFocused();
      await expect(skip).toHaveAttribute("href", "#main");
      await expect(skip).toBeInViewport();
      const outline = await focusOutline(page);
      expect(outline.style).not.toBe("none");
      expect(outline.width).toBeGreaterThan(0);
      expect(outline.box.width).toBeGreaterThan(20);

      // Then the logo, also with a visible focus ring.
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: t(lang, "header.homeLink", { name: "Tienda Cuba" }) })).toBeFocused();
      const logoOutline = await focusOutline(page);
      expect(logoOutline.style).not.toBe("none");
      expect(logoOutline.width).toBeGreaterThan(0);

      // Following the skip link puts focus on <main>, so the next Tab is inside the content.
      await page.keyboard.press("Shift+Tab");
      await expect(skip).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("main")).toBeFocused();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.querySelector("main")!.contains(document.activeElement))).toBe(true);
    });
  }

  test("the skip link works before hydration too (no JavaScript)", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/es/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: t("es", "a11y.skipToContent") });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    await context.close();
  });
});
