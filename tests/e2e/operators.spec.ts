import { type Page, expect, test } from "@playwright/test";
import { type Lang, LANGS, expectNoSeriousA11yViolations, gotoHydrated, t } from "./support";

// Operators (D24, issue 12): the demo operator signs in through the normal login and finds the
// back office in the account menu (§2.3); a customer never sees it. The admin pages themselves
// are tested with their routes.

const OPERATOR = { email: "operador@tienda.cu", password: "Malecon2026!" };
const CUSTOMER = { email: "cliente@tienda.cu", password: "Habana2026!" };
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

function accountMenu(page: Page, lang: Lang) {
  const details = page.getByRole("banner").locator("details", { hasText: t(lang, "header.account.label") });
  return { details, summary: details.locator("summary") };
}

async function signIn(page: Page, lang: Lang, who: { email: string; password: string }) {
  await gotoHydrated(page, `/${lang}/login`);
  const main = page.getByRole("main");
  await main.getByLabel(t(lang, "accounts.field.email"), { exact: true }).fill(who.email);
  await main.getByLabel(t(lang, "accounts.field.password"), { exact: true }).fill(who.password);
  await page.getByRole("button", { name: t(lang, "accounts.login.submit") }).click();
  await expect(page.locator("[data-flash]").filter({ hasText: t(lang, "accounts.login.success") })).toBeVisible();
}

test.describe("operators in the account menu (D24, issue 12; §2.3)", () => {
  for (const lang of LANGS) {
    test(`${lang}: the demo operator signs in through the normal login and sees the back-office link`, async ({
      page,
    }) => {
      await signIn(page, lang, OPERATOR);
      const menu = accountMenu(page, lang);
      await menu.summary.click();
      const backOffice = menu.details.getByRole("link", { name: t(lang, "header.account.backOffice"), exact: true });
      await expect(backOffice).toBeVisible();
      await expect(backOffice).toHaveAttribute("href", `/${lang}/admin`);
      // Beside the ordinary account links, which an operator keeps.
      await expect(menu.details.getByRole("link", { name: t(lang, "accounts.menu.orders") })).toHaveAttribute(
        "href",
        `/${lang}/orders`,
      );
      await expectNoSeriousA11yViolations(page, ["header"]);
      if (SCREENSHOTS) {
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.screenshot({ path: `${SCREENSHOTS}/operator-menu-${lang}-${width}.png` });
        }
      }
    });

    test(`${lang}: the demo customer's account menu has no back-office link`, async ({ page }) => {
      await signIn(page, lang, CUSTOMER);
      const menu = accountMenu(page, lang);
      await menu.summary.click();
      await expect(menu.details.getByRole("link", { name: t(lang, "accounts.menu.orders") })).toBeVisible();
      await expect(menu.details.getByRole("link", { name: t(lang, "header.account.backOffice") })).toHaveCount(0);
      await expect(page.locator(`a[href="/${lang}/admin"]`)).toHaveCount(0);
    });
  }
});
