import { randomInt } from "node:crypto";
import { type APIRequestContext, type Browser, type Page, expect, test } from "@playwright/test";
import {
  type Lang,
  LANGS,
  createShopper,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  signInShopper,
  t,
} from "./support";
import { bearer, jwt, placeOrder, roomyProduct } from "./api-orders";
import { signInStaff } from "./staff-sign-in";

// Customers in the back office (issue 27 point 5), in both languages at 360 px: the owner finds a
// shopper by their phone (typed with other spacing), opens their page and sees their order, and
// deactivates the account with a confirmation; the shopper's open session ends and the sign-in page
// says the account is deactivated; the owner reactivates it and the shopper signs in again.

const OWNER = { email: "operador@tienda.cu", password: "Malecon2026!" };
const PHONE = { width: 360, height: 740 };

/**
 * Signs the back-office operator in, in `page`'s context. One small function on purpose: staff
 * two-factor sign-in lands in parallel, and the shared helper replaces this body at merge.
 */
async function signInOperator(page: Page, lang: Lang) {
  await signInStaff(page, OWNER, lang);
}

async function phonePage(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE });
  return context.newPage();
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "scrolls sideways at 360 px").toBeLessThanOrEqual(0);
}

/** A fresh shopper with a phone of their own in their profile and one order; both through the API. */
async function shopperWithOrder(request: APIRequestContext, lang: Lang) {
  const who = await createShopper(request, `cliente-${lang}`, lang === "es" ? "Yanelis" : "Yanelys");
  const token = await jwt(request, who);
  // Random, not the clock: the es and en runs start in the same millisecond on parallel workers,
  // and two shoppers with one phone make the search find 2 customers.
  const digits = String(randomInt(0, 10_000_000)).padStart(7, "0");
  const phone = `+53 5${digits.slice(0, 3)} ${digits.slice(3)}`;
  const profile = await request.put("/api/profile/update", { headers: bearer(token), data: { phone } });
  expect(profile.ok(), "profile").toBe(true);
  const product = await roomyProduct(request, lang);
  const orderId = await placeOrder(request, token, product.id, 1, { first_name: "Yanelis", phone }, lang);
  return { ...who, digits, orderId };
}

/** The shopper signs in through the sign-in page, as a person would. */
async function signInThroughPage(page: Page, lang: Lang, who: { email: string; password: string }) {
  await gotoHydrated(page, `/${lang}/login`);
  // The footer has a newsletter email field too: the sign-in form's own.
  await page.locator("#login-email").fill(who.email);
  await page.getByLabel(t(lang, "accounts.field.password"), { exact: true }).fill(who.password);
  await page.getByRole("button", { name: t(lang, "accounts.login.submit") }).click();
}

for (const lang of LANGS) {
  test(`${lang}: the owner finds a shopper by phone, deactivates them (they cannot sign in), and reactivates them`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const shopper = await shopperWithOrder(request, lang);
    const owner = await phonePage(browser);
    await signInOperator(owner, lang);
    const customer = await phonePage(browser);
    await signInShopper(customer, shopper, lang);

    // Found by the phone's digits, typed with other spacing and dashes.
    await gotoHydrated(owner, `/${lang}/admin`);
    await owner
      .getByRole("navigation", { name: t(lang, "admin.nav.label") })
      .getByRole("link", { name: t(lang, "admin.nav.customers") })
      .click();
    await expect(owner.getByRole("heading", { level: 1, name: t(lang, "admin.customers.title") })).toBeVisible();
    const typed = `5${shopper.digits.slice(0, 3)}-${shopper.digits.slice(3, 5)} ${shopper.digits.slice(5)}`;
    await owner.getByRole("searchbox", { name: t(lang, "admin.customers.search.q") }).fill(typed);
    await owner.getByRole("button", { name: t(lang, "admin.customers.search.submit") }).click();
    await expect(
      owner.getByRole("heading", { name: t(lang, "admin.customers.count_one", { count: 1 }) }),
    ).toBeVisible();
    await noSidewaysScroll(owner);
    await expectNoSeriousA11yViolations(owner);
    await owner.getByRole("link", { name: shopper.email }).click();

    // Their page: the account and the order, which links to the back-office order page.
    await expect(owner.getByRole("heading", { level: 1 })).toContainText("Yanel");
    const orders = owner.getByRole("region", { name: t(lang, "admin.customers.orders_one", { count: 1 }) });
    await expect(orders.getByRole("link", { name: shopper.orderId })).toHaveAttribute(
      "href",
      `/${lang}/admin/orders/${shopper.orderId}`,
    );
    await noSidewaysScroll(owner);
    await expectNoSeriousA11yViolations(owner);

    // Deactivating needs the box ticked: without it, the error beside it and nothing done.
    const access = owner.getByRole("region", { name: t(lang, "admin.customers.deactivate.title") });
    await access.getByRole("button", { name: t(lang, "admin.customers.deactivate.submit") }).click();
    await expect(owner.getByText(t(lang, "admin.customers.confirmRequired"))).toBeVisible();
    await owner
      .getByRole("checkbox", { name: t(lang, "admin.customers.deactivate.confirm", { email: shopper.email }) })
      .check();
    await owner.getByRole("button", { name: t(lang, "admin.customers.deactivate.submit") }).click();
    await expect(owner.getByText(t(lang, "admin.customers.deactivatedNotice"))).toBeVisible();
    await expect(owner.locator('[data-state="deactivated"]')).toContainText(
      t(lang, "admin.customers.state.deactivated"),
    );
    await expectNoSeriousA11yViolations(owner);

    // The shopper's open session has ended, and the sign-in page says why.
    const orderPage = await customer.goto(`/${lang}/orders`);
    expect(new URL(orderPage!.url()).pathname).toBe(`/${lang}/login`);
    await signInThroughPage(customer, lang, shopper);
    await expect(customer.getByText(t(lang, "accounts.errors.deactivated"))).toBeVisible();
    await noSidewaysScroll(customer);
    await expectNoSeriousA11yViolations(customer);

    // Reactivated, the shopper signs in again, and the order is still theirs.
    await owner
      .getByRole("checkbox", { name: t(lang, "admin.customers.reactivate.confirm", { email: shopper.email }) })
      .check();
    await owner.getByRole("button", { name: t(lang, "admin.customers.reactivate.submit") }).click();
    await expect(owner.getByText(t(lang, "admin.customers.reactivatedNotice"))).toBeVisible();
    await signInThroughPage(customer, lang, shopper);
    await expect(customer.getByText(t(lang, "accounts.login.success"))).toBeVisible();
    await gotoHydrated(customer, `/${lang}/orders`);
    await expect(customer.getByText(shopper.orderId).first()).toBeVisible();
    await owner.context().close();
    await customer.context().close();
  });
}
