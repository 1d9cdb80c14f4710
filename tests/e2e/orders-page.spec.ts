import fs from "node:fs/promises";
import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import {
  type Lang,
  LANGS,
  createShopper,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  signInShopper,
  t,
} from "./support";
import { ORDER_ADDRESS, jwt, placeOrder, roomyProduct } from "./api-orders";

// §2.15 orders page, §4.1, §8 Orders; D7, D19, D20. Orders are placed through the REST API (§7.4)
// for a fresh shopper per test (the tests run in parallel on one database), then the page is used
// as a shopper would: list, detail in the URL, track, invoice, reorder and cancel.

/** A fresh shopper with `n` orders (newest last in the returned list), signed in in `page`. */
async function shopperWithOrders(page: Page, request: APIRequestContext, lang: Lang, n = 1, extra = {}) {
  const who = await createShopper(request, "pedidos");
  const token = await jwt(request, who);
  const product = await roomyProduct(request, lang);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await placeOrder(request, token, product.id, i + 1, extra, lang));
  await signInShopper(page, who, lang);
  return { who, token, product, ids };
}

const viewLink = (page: Page, lang: Lang, id: string) =>
  page.getByRole("link", { name: `${t(lang, "orders.page.view")} ${t(lang, "orders.page.viewOf", { id })}` });
const orderCard = (page: Page, lang: Lang, id: string) =>
  page.getByRole("article", { name: `${t(lang, "orders.page.orderNumber")} ${id}` });
const detailHeading = (page: Page, lang: Lang, id: string) =>
  page.getByRole("heading", { level: 2, name: `${t(lang, "orders.page.orderNumber")} ${id}` });
const detailCard = (page: Page, lang: Lang, id: string) =>
  page.getByRole("region", { name: `${t(lang, "orders.page.orderNumber")} ${id}` });
const flash = (page: Page, text: string) => page.locator("[data-flash]").filter({ hasText: text });
const cancelLink = (page: Page, lang: Lang) => page.getByRole("link", { name: t(lang, "orders.page.cancel") });

for (const lang of LANGS) {
  test.describe(`orders page in ${lang}`, () => {
    test("list, detail in the URL (reload, back), track timeline, invoice download, axe", async ({ page, request }) => {
      test.slow();
      const { ids, product } = await shopperWithOrders(page, request, lang, 2);
      const [older, newer] = ids;
      await gotoHydrated(page, `/${lang}/orders`);
      await expect(page.getByRole("heading", { level: 1, name: t(lang, "orders.page.title") })).toBeVisible();

      // Newest first; status label of §4.1; item count; the total with shipping in CUP.
      const cards = page.getByRole("list", { name: t(lang, "orders.page.listLabel") }).getByRole("article");
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(0)).toHaveAccessibleName(`${t(lang, "orders.page.orderNumber")} ${newer}`);
      await expect(cards.nth(1)).toHaveAccessibleName(`${t(lang, "orders.page.orderNumber")} ${older}`);
      const card = orderCard(page, lang, newer);
      await expect(card.locator("[data-status]")).toHaveText(t(lang, "invoice.status.not_processed"));
      await expect(card).toContainText(t(lang, "orders.page.items_other", { count: 2 }));
      await expect(orderCard(page, lang, older)).toContainText(t(lang, "orders.page.items_one", { count: 1 }));
      await expect(card).toContainText(/ CUP/);
      await expectNoSeriousA11yViolations(page);

      // The detail, kept in the URL.
      await viewLink(page, lang, newer).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/orders\\?order=${newer}$`));
      await expect(detailHeading(page, lang, newer)).toBeVisible();
      await expect(detailHeading(page, lang, newer)).toBeFocused();
      await expect(detailCard(page, lang, newer).locator("[data-status]")).toHaveText(
        t(lang, "invoice.status.not_processed"),
      );
      const lines = page.getByRole("region", { name: t(lang, "orders.page.lines") });
      await expect(lines.getByRole("listitem")).toHaveCount(1);
      await expect(lines).toContainText(product.display_name);
      await expect(lines).toContainText(t(lang, "orders.page.quantity", { count: 2 }));
      const delivery = page.getByRole("region", { name: t(lang, "invoice.deliverTo") });
      await expect(delivery).toContainText(ORDER_ADDRESS.address);
      await expect(delivery).toContainText("23.13570, -82.38380");
      await expect(delivery).toContainText(t(lang, "invoice.option.standard"));
      await expect(delivery).toContainText(t(lang, "invoice.estimate.standard"));
      await expect(page.getByRole("region", { name: t(lang, "orders.page.totals") })).toContainText(
        t(lang, "invoice.shipping"),
      );
      await expectNoSeriousA11yViolations(page);

      // Reload keeps it.
      await page.reload();
      await expect(detailHeading(page, lang, newer)).toBeVisible();

      // Track: the timeline, current step marked, the rest upcoming.
      await page.getByRole("link", { name: t(lang, "orders.page.track") }).click();
      await expect(page).toHaveURL(/#order-tracking$/);
      const tracking = page.getByRole("region", { name: t(lang, "orders.page.tracking") });
      await expect(tracking).toBeInViewport();
      const steps = tracking.getByRole("listitem");
      await expect(steps).toHaveCount(4);
      await expect(tracking.locator('li[aria-current="step"]')).toHaveCount(1);
      await expect(steps.nth(0)).toHaveAttribute("aria-current", "step");
      await expect(steps.nth(0)).toContainText(t(lang, "invoice.status.not_processed"));
      for (const [i, status] of (["processed", "shipping", "delivered"] as const).entries()) {
        await expect(steps.nth(i + 1)).toContainText(t(lang, `invoice.status.${status}`));
        await expect(steps.nth(i + 1)).toContainText(t(lang, "orders.page.step.upcoming"));
      }

      // Invoice: a PDF named after the order.
      const invoice = page.getByRole("link", { name: t(lang, "orders.page.invoice") });
      await expect(invoice).toHaveAttribute("download", "");
      const [download] = await Promise.all([page.waitForEvent("download"), invoice.click()]);
      expect(download.suggestedFilename()).toBe(`${lang === "en" ? "invoice" : "factura"}-${newer}.pdf`);
      const bytes = await fs.readFile((await download.path())!);
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");

      // The browser's back button goes back to the list; so does the page's back link.
      await page.goBack(); // #order-tracking
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/${lang}/orders$`));
      await expect(cards).toHaveCount(2);
      await viewLink(page, lang, older).click();
      await expect(detailHeading(page, lang, older)).toBeVisible();
      await page.getByRole("link", { name: t(lang, "orders.page.back") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/orders$`));
      await expect(page.getByRole("heading", { level: 1, name: t(lang, "orders.page.title") })).toBeFocused();
    });

    test("cancel with confirmation: status Cancelled, no cancel button, list refreshed", async ({ page, request }) => {
      const { ids } = await shopperWithOrders(page, request, lang, 1);
      const [id] = ids;
      await gotoHydrated(page, `/${lang}/orders?order=${id}`);
      const section = page.getByRole("region", { name: t(lang, "orders.page.cancelTitle") });
      await expect(section).toContainText(t(lang, "orders.page.cancelHelp"));

      // Keep it: nothing changes.
      await cancelLink(page, lang).click();
      await expect(page).toHaveURL(/confirm=cancel/);
      const question = page.getByRole("heading", { name: t(lang, "orders.page.confirm.title", { id }) });
      await expect(question).toBeFocused();
      await page.getByRole("link", { name: t(lang, "orders.page.confirm.no") }).click();
      await expect(question).toHaveCount(0);
      await expect(detailCard(page, lang, id).locator("[data-status]")).toHaveText(
        t(lang, "invoice.status.not_processed"),
      );

      // Yes: cancelled, with the success alert and the new status everywhere.
      await cancelLink(page, lang).click();
      await page.getByRole("button", { name: t(lang, "orders.page.confirm.yes") }).click();
      await expect(flash(page, t(lang, "orders.page.cancelled", { id }))).toBeVisible();
      await expect(detailCard(page, lang, id).locator("[data-status]")).toHaveText(t(lang, "invoice.status.cancelled"));
      await expect(cancelLink(page, lang)).toHaveCount(0);
      await expect(section).toHaveCount(0);
      const current = page
        .getByRole("region", { name: t(lang, "orders.page.tracking") })
        .locator('[aria-current="step"]');
      await expect(current).toContainText(t(lang, "invoice.status.cancelled"));

      // A forged confirmation URL offers nothing for a cancelled order.
      await gotoHydrated(page, `/${lang}/orders?order=${id}&confirm=cancel`);
      await expect(page.getByRole("button", { name: t(lang, "orders.page.confirm.yes") })).toHaveCount(0);

      await page.getByRole("link", { name: t(lang, "orders.page.back") }).click();
      await expect(orderCard(page, lang, id).locator("[data-status]")).toHaveText(t(lang, "invoice.status.cancelled"));
    });

    test("reorder lands in the cart with a note", async ({ page, request }) => {
      const { ids, product } = await shopperWithOrders(page, request, lang, 1);
      await gotoHydrated(page, `/${lang}/orders?order=${ids[0]}`);
      await page.getByRole("button", { name: t(lang, "orders.page.reorder") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/cart$`));
      await expect(flash(page, t(lang, "orders.page.reorder.added"))).toBeVisible();
      await expect(page.getByRole("article", { name: product.display_name, exact: true })).toBeVisible();
    });
  });
}

test.describe("orders page", () => {
  test("signed out: to login and back (D7)", async ({ page }) => {
    await page.goto("/es/orders");
    await expect(page).toHaveURL(/\/es\/login\?next=%2Fes%2Forders$/);
  });

  test("the empty state links to the shop", async ({ page, request }) => {
    await signInShopper(page, await createShopper(request, "sinpedidos"));
    await gotoHydrated(page, "/es/orders");
    await expect(page.getByRole("heading", { name: t("es", "orders.page.empty.title") })).toBeVisible();
    await page.getByRole("link", { name: t("es", "orders.page.empty.action") }).click();
    await expect(page).toHaveURL(/\/es\/shop$/);
  });

  test("another shopper's order is 'Order not found' (404), and so is its invoice (D19)", async ({ page, request }) => {
    const owner = await createShopper(request, "dueno");
    const id = await placeOrder(request, await jwt(request, owner), (await roomyProduct(request)).id, 1);
    await signInShopper(page, await createShopper(request, "ajeno"), "en");
    const res = await page.goto(`/en/orders?order=${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 2, name: t("en", "orders.errors.notFound") })).toBeVisible();
    await expect(page.getByText(id)).toHaveCount(0);
    const invoice = await page.request.get(`/en/orders/${id}/invoice`);
    expect(invoice.status()).toBe(404);
    expect(await invoice.text()).toContain(t("en", "orders.errors.invoiceFailed"));
    await expectNoSeriousA11yViolations(page);
  });

  test("a failed invoice download says so in the page (§8)", async ({ page, request }) => {
    const { ids } = await shopperWithOrders(page, request, "es", 1);
    await gotoHydrated(page, `/es/orders?order=${ids[0]}`);
    await page.route("**/invoice", (route) => route.fulfill({ status: 500, body: "boom" }));
    await page.getByRole("link", { name: t("es", "orders.page.invoice") }).click();
    await expect(page.getByRole("alert").filter({ hasText: t("es", "orders.errors.invoiceFailed") })).toBeVisible();
  });
});

test.describe("orders page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("cancel through the confirmation step, then reorder and download the invoice", async ({ page, request }) => {
    const lang = "es";
    const { ids, product } = await shopperWithOrders(page, request, lang, 1);
    const [id] = ids;
    await page.goto(`/${lang}/orders`);
    await viewLink(page, lang, id).click();
    await expect(page).toHaveURL(new RegExp(`\\?order=${id}$`));

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: t(lang, "orders.page.invoice") }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`factura-${id}.pdf`);

    await cancelLink(page, lang).click();
    await expect(page).toHaveURL(/confirm=cancel/);
    await page.getByRole("button", { name: t(lang, "orders.page.confirm.yes") }).click();
    await expect(page).toHaveURL(new RegExp(`\\?order=${id}$`));
    await expect(flash(page, t(lang, "orders.page.cancelled", { id }))).toBeVisible();
    await expect(detailCard(page, lang, id).locator("[data-status]")).toHaveText(t(lang, "invoice.status.cancelled"));
    await expect(cancelLink(page, lang)).toHaveCount(0);

    await page.getByRole("button", { name: t(lang, "orders.page.reorder") }).click();
    await expect(page).toHaveURL(/\/es\/cart$/);
    await expect(flash(page, t(lang, "orders.page.reorder.added"))).toBeVisible();
    await expect(page.getByRole("article", { name: product.display_name, exact: true })).toBeVisible();
  });
});

// Screenshots for a visual check (ORDERS_SCREENSHOTS=dir): list and detail, 360 and 1280 px wide.
test.describe("orders page screenshots", () => {
  test.skip(!process.env.ORDERS_SCREENSHOTS, "set ORDERS_SCREENSHOTS to a directory to take them");
  for (const lang of LANGS) {
    test(`in ${lang}`, async ({ page, request }) => {
      test.slow();
      const dir = process.env.ORDERS_SCREENSHOTS!;
      const { ids } = await shopperWithOrders(page, request, lang, 2, {
        is_gift: true,
        gift_message: lang === "es" ? "¡Feliz cumpleaños, mamá!" : "Happy birthday, mum!",
      });
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await gotoHydrated(page, `/${lang}/orders`);
        await page.screenshot({ path: `${dir}/orders-${lang}-${width}-list.png`, fullPage: true });
        await gotoHydrated(page, `/${lang}/orders?order=${ids[1]}&confirm=cancel`);
        await page.screenshot({ path: `${dir}/orders-${lang}-${width}-detail.png`, fullPage: true });
      }
    });
  }
});
