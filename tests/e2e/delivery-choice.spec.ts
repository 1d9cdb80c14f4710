import { expect, test } from "@playwright/test";
import { LANGS, SAME_ORIGIN, apiLatest, expectNoSeriousA11yViolations, gotoHydrated, t } from "./support";
import { signInStaff } from "./staff-sign-in";

// Issue 26 point 1, the shopper's part on a 360 px phone: "Entregar en" in the header opens the
// choice of municipality, kept in a cookie and shown on every page; the product page says how
// long delivery takes there; when an operator pauses it, every page shows the reason; reset, the
// warning goes. Both languages, axe on the page.

const OPERATOR = { email: "operador@tienda.cu", password: "Malecon2026!" };

test.describe("Entregar en on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const lang of LANGS) {
    // Each language its own municipality, far from every other journey.
    const [id, name] = lang === "es" ? ["baracoa", "Baracoa"] : ["yateras", "Yateras"];

    test(`${lang}: choose ${name} from the header, see it on every page, and its pause`, async ({ page, browser }) => {
      const [product] = await apiLatest(page.request, 1, lang);
      await gotoHydrated(page, `/${lang}/product/${product.id}`);
      await page.getByRole("link", { name: new RegExp(t(lang, "header.deliverTo")) }).click();
      await expect(page.getByRole("heading", { level: 1, name: t(lang, "delivery.title") })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByLabel(t(lang, "delivery.field.municipality")).selectOption(id);
      await page.getByRole("button", { name: t(lang, "delivery.submit") }).click();

      // Back on the product page: the header names the municipality, the page the estimate.
      await expect(page).toHaveURL(new RegExp(`/${lang}/product/${product.id}$`));
      await expect(
        page.getByRole("link", { name: new RegExp(`${t(lang, "header.deliverTo")}\\s*${name}`) }),
      ).toBeVisible();
      await expect(page.getByTestId("delivery-note")).toContainText(
        t(lang, "delivery.note.open", { name, min: 1, max: 2 }),
      );

      // An operator pauses it: the visitor sees the reason on every page.
      const ops = await browser.newContext();
      const opsPage = await ops.newPage();
      await signInStaff(opsPage, OPERATOR, lang);
      const edit = `/${lang}/admin/zones/${id}`;
      const save = (fields: Record<string, string>) =>
        opsPage.request.post(edit, { form: { intent: "save", ...fields }, maxRedirects: 0, headers: SAME_ORIGIN });
      expect(
        (
          await save({
            served: "on",
            paused: "on",
            pauseReasonEs: "Sin combustible hasta el lunes",
            pauseReasonEn: "No fuel until Monday",
            minDays: "1",
            maxDays: "2",
            minOrderCents: "0",
          })
        ).status(),
      ).toBe(303);
      const reason = lang === "es" ? "Sin combustible hasta el lunes" : "No fuel until Monday";
      await gotoHydrated(page, `/${lang}/`);
      await expect(
        page.getByRole("status").filter({ hasText: t(lang, "header.zone.paused", { name, reason }) }),
      ).toBeVisible();
      await gotoHydrated(page, `/${lang}/product/${product.id}`);
      await expect(page.getByTestId("delivery-note")).toContainText(t(lang, "delivery.note.paused", { name, reason }));

      const reset = await opsPage.request.post(edit, {
        form: { intent: "reset" },
        maxRedirects: 0,
        headers: SAME_ORIGIN,
      });
      expect(reset.status()).toBe(303);
      await gotoHydrated(page, `/${lang}/`);
      await expect(page.getByText(reason)).toHaveCount(0);
      await ops.close();
    });
  }
});
