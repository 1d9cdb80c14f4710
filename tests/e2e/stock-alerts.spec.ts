import { type Browser, type Page, expect, test } from "@playwright/test";
import { mailsTo, waitForMail } from "./mail";
import { LANGS, type Lang, expectNoSeriousA11yViolations, newSignedInShopper, t } from "./support";
import { signInStaff } from "./staff-sign-in";

// Issue 26 point 4 (and point 8's "an alert email after a restock"): on an out-of-stock product a
// signed-in shopper asks for the alert with one tap, a signed-out visitor without JavaScript at
// 360 px types an email (a refused one keeps what was typed, the error beside it) and confirms it
// from the emailed link; an operator restocks in the back office; each gets one email with the
// product's link, in the page's language. Axe on the product box and the link page.

const OPERATOR = { email: "operador@tienda.cu", password: "Malecon2026!" };
const PHONE = { width: 360, height: 740 };

const uniqueWord = (prefix: string) =>
  `${prefix}${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

const field = (page: Page, lang: Lang, key: Parameters<typeof t>[1]) => page.getByLabel(t(lang, key), { exact: true });

/** The operator creates a product with no stock; its id. */
async function createSoldOutProduct(page: Page, lang: Lang, word: string): Promise<number> {
  await page.goto(`/${lang}/admin/products/new`);
  await field(page, lang, "admin.products.field.name").fill(`Aceite ${word}`);
  await field(page, lang, "admin.products.field.nameEn").fill(`Oil ${word}`);
  await field(page, lang, "admin.products.field.category").selectOption({ index: 1 });
  await field(page, lang, "admin.products.field.price").fill("4.50");
  await field(page, lang, "admin.products.field.quantity").fill("0");
  await page.getByRole("button", { name: t(lang, "admin.products.submitCreate") }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/admin/products/\\d+\\?created=1$`));
  return Number(/\/products\/(\d+)/.exec(page.url())![1]);
}

async function context(browser: Browser, javaScriptEnabled = true) {
  const ctx = await browser.newContext({ javaScriptEnabled, viewport: PHONE });
  return { ctx, page: await ctx.newPage() };
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "scrolls sideways at 360 px").toBeLessThanOrEqual(0);
}

for (const lang of LANGS) {
  test(`${lang}: issue 26 point 4, back-in-stock alerts: subscribe signed in and signed out, restock, one email each`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const word = uniqueWord(lang === "es" ? "aviso" : "alert");
    const operator = await context(browser);
    await signInStaff(operator.page, OPERATOR, lang);
    const productId = await createSoldOutProduct(operator.page, lang, word);
    const productPath = `/${lang}/product/${productId}`;
    const productName = lang === "es" ? `Aceite ${word}` : `Oil ${word}`;

    // Signed in: one tap.
    const shopper = await context(browser);
    const account = await newSignedInShopper(shopper.page, "alerta", lang);
    await shopper.page.goto(productPath);
    const box = shopper.page.getByRole("region", { name: t(lang, "stockAlerts.form.title") });
    await expect(box).toContainText(t(lang, "stockAlerts.form.intro", { email: account.email }));
    await box.getByRole("button", { name: t(lang, "stockAlerts.form.submit") }).click();
    await expect(
      shopper.page.getByText(t(lang, "stockAlerts.form.subscribed", { email: account.email })),
    ).toBeVisible();
    await expect(box.getByRole("button", { name: t(lang, "stockAlerts.form.cancel") })).toBeVisible();
    await noSidewaysScroll(shopper.page);
    await expectNoSeriousA11yViolations(shopper.page, ["#stock-alert"]);

    // Signed out, without JavaScript: a bad address is refused beside the field, keeping it.
    const visitor = await context(browser, false);
    const email = `${word}@example.com`;
    await visitor.page.goto(productPath);
    // Scoped to the alert box: the footer's newsletter field has the same label.
    const email_ = visitor.page.locator("#stock-alert").getByLabel(t(lang, "stockAlerts.form.email"), { exact: true });
    await email_.fill("no-es-correo");
    await visitor.page.getByRole("button", { name: t(lang, "stockAlerts.form.submit") }).click();
    await expect(visitor.page.getByText(t(lang, "stockAlerts.errors.emailInvalid"))).toBeVisible();
    await expect(email_).toHaveValue("no-es-correo");
    await expect(email_).toHaveAttribute("aria-invalid", "true");
    await email_.fill(email);
    await visitor.page.getByRole("button", { name: t(lang, "stockAlerts.form.submit") }).click();
    await expect(visitor.page.getByText(t(lang, "stockAlerts.form.pending", { email }))).toBeVisible();
    await noSidewaysScroll(visitor.page);
    // Axe runs a script in the page: the signed-out box is checked in a context with JavaScript.
    const axePage = await context(browser);
    await axePage.page.goto(productPath);
    await expectNoSeriousA11yViolations(axePage.page, ["#stock-alert"]);

    // The confirmation email, in the page's language; its link's page confirms on the button.
    const confirmation = await waitForMail(email, /\/stock-alerts\/confirm\?/);
    expect(confirmation.subject).toBe(t(lang, "stockAlerts.email.confirm.subject", { name: productName }));
    expect(new URL(confirmation.link).pathname).toBe(`/${lang}/stock-alerts/confirm`);
    await visitor.page.goto(new URL(confirmation.link).pathname + new URL(confirmation.link).search);
    await expect(
      visitor.page.getByRole("heading", { level: 1, name: t(lang, "stockAlerts.page.confirmTitle") }),
    ).toBeVisible();
    await visitor.page.getByRole("button", { name: t(lang, "stockAlerts.page.confirmSubmit") }).click();
    await expect(
      visitor.page.getByText(t(lang, "stockAlerts.page.confirmed", { email, name: productName })),
    ).toBeVisible();
    await noSidewaysScroll(visitor.page);
    await axePage.page.goto(new URL(confirmation.link).pathname + new URL(confirmation.link).search);
    await expectNoSeriousA11yViolations(axePage.page);

    // The operator restocks it in the back office; each subscriber gets one email with the link.
    await operator.page.goto(`/${lang}/admin/products/${productId}`);
    await field(operator.page, lang, "admin.products.field.quantity").fill("6");
    await operator.page.getByRole("button", { name: t(lang, "admin.products.submitSave") }).click();
    await expect(operator.page).toHaveURL(new RegExp(`/${lang}/admin/products/${productId}\\?saved=1$`));
    const productLink = new RegExp(`/${lang}/product/${productId}$`);
    for (const to of [account.email, email]) {
      const alert = await waitForMail(to, productLink, 30_000);
      expect(alert.subject).toBe(t(lang, "stockAlerts.email.back.subject", { name: productName }));
      expect(alert.links.some((link) => link.includes(`/${lang}/stock-alerts/unsubscribe?`))).toBe(true);
    }
    // Exactly one each, and the subscription has ended: the page sells it again.
    await shopper.page.waitForTimeout(1_000);
    for (const to of [account.email, email]) {
      expect(mailsTo(to).filter((m) => m.subject.includes(productName)).length).toBe(to === email ? 2 : 1);
    }
    await shopper.page.goto(productPath);
    await expect(shopper.page.getByRole("region", { name: t(lang, "stockAlerts.form.title") })).toHaveCount(0);

    for (const c of [operator, shopper, visitor, axePage]) await c.ctx.close();
  });
}
