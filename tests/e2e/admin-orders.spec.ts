import { type APIRequestContext, type Browser, type Page, expect, test } from "@playwright/test";
import { mailsTo } from "./mail";
import {
  type Lang,
  LANGS,
  createShopper,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  signInShopper,
  t,
} from "./support";
import { jwt, placeOrder, roomyProduct } from "./api-orders";
import { signInStaff } from "./staff-sign-in";

// Issue 12, point 2 (§4.1, D24): the operator finds a fresh order by its id, opens it, moves it
// processed → shipping → delivered; after each move the customer's orders page shows the status in
// its tracking timeline and the customer has the status email in the order's language. The delivery
// sheet is a PDF; the detail shows the point's coordinates; axe at 360 px and desktop; the list's
// filter form works without JavaScript and keeps what was typed.

const OPERATOR = { email: "operador@tienda.cu", password: "Malecon2026!" };
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/**
 * A fresh shopper's order placed through the REST API (§7.4) as the checkout client does (see
 * orders-page.spec.ts), in `lang`: the order's emails speak it. Returns the shopper and the id.
 */
async function freshOrder(request: APIRequestContext, lang: Lang) {
  const who = await createShopper(request, "admin-pedido");
  const product = await roomyProduct(request, lang);
  const gift = { is_gift: true, gift_message: "¡Felicidades!" };
  return { who, product, id: await placeOrder(request, await jwt(request, who), product.id, 2, gift, lang) };
}

/** A second browser context signed in as the seeded operator. */
async function operatorPage(browser: Browser, lang: Lang, opts: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext(opts);
  const page = await context.newPage();
  await signInStaff(page, OPERATOR, lang);
  return page;
}

for (const lang of LANGS) {
  test(`${lang}: the operator moves a fresh order to delivered; the customer sees each status and gets each email`, async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const { who, id } = await freshOrder(request, lang);
    await signInShopper(page, who, lang);
    const operator = await operatorPage(browser, lang);

    // Found by its id in the list (the search box), opened from its link.
    await gotoHydrated(operator, `/${lang}/admin/orders`);
    await expect(operator.getByRole("heading", { level: 1, name: t(lang, "admin.orders.title") })).toBeVisible();
    const filter = operator.getByRole("form", { name: t(lang, "admin.orders.filter.label") });
    await filter.getByRole("searchbox", { name: t(lang, "admin.orders.filter.q"), exact: true }).fill(id);
    await filter.getByRole("button", { name: t(lang, "admin.orders.filter.submit") }).click();
    await expect(operator).toHaveURL(new RegExp(`q=${id}`));
    await expect(
      operator.getByRole("heading", { level: 2, name: t(lang, "admin.orders.count_one", { count: 1 }) }),
    ).toBeVisible();
    await operator.getByRole("link", { name: id, exact: true }).click();
    const title = operator.getByRole("heading", { level: 1, name: t(lang, "admin.orders.detail.title", { id }) });
    await expect(title).toBeVisible();

    // The detail: the point as coordinates and a map link, the map itself once loaded, the gift.
    const delivery = operator.getByRole("region", {
      name: t(lang, "admin.orders.delivery.title"),
      // Not the map inside it ("Map of the delivery point"), once it has loaded.
      exact: true,
    });
    await expect(delivery).toContainText("23.13570, -82.38380");
    await expect(delivery.getByRole("link", { name: t(lang, "admin.orders.delivery.openMap") })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/?mlat=23.13570&mlon=-82.38380#map=17/23.13570/-82.38380",
    );
    await expect(delivery.getByRole("region", { name: t(lang, "admin.orders.map.label") })).toHaveAttribute(
      "data-ready",
      "true",
    );
    await expect(operator.getByRole("region", { name: t(lang, "admin.orders.gift.title") })).toContainText(
      "¡Felicidades!",
    );
    await expect(operator.getByRole("region", { name: t(lang, "admin.orders.customer.title") })).toContainText(
      who.email,
    );

    // The delivery sheet answers a PDF.
    const sheet = operator.getByRole("link", { name: t(lang, "admin.orders.detail.sheet") });
    const pdf = await operator.request.get((await sheet.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // Cancelling is offered only while §4.1 allows it.
    const cancel = operator.getByRole("button", { name: t(lang, "admin.orders.move.to.cancelled") });
    await expect(cancel).toBeVisible();

    for (const to of ["processed", "shipping", "delivered"] as const) {
      await operator.getByRole("button", { name: t(lang, `admin.orders.move.to.${to}`) }).click();
      const status = t(lang, `invoice.status.${to}`);
      await expect(
        operator.getByRole("status").filter({ hasText: t(lang, "admin.orders.move.done", { status }) }),
      ).toBeVisible();
      await expect(operator.locator(`[data-current-status="${to}"]`)).toHaveText(status);
      await expect(operator.getByRole("region", { name: t(lang, "admin.orders.history.title") })).toContainText(status);

      // The customer's tracking timeline.
      await gotoHydrated(page, `/${lang}/orders?order=${id}`);
      const current = page
        .getByRole("region", { name: t(lang, "orders.page.tracking") })
        .locator('li[aria-current="step"]');
      await expect(current).toContainText(status);

      // The status email, in the order's language, with a link to the order.
      const subject = t(lang, `email.order.status.subject.${to}`, { id });
      await expect
        .poll(() => mailsTo(who.email).find((mail) => mail.subject === subject)?.links ?? [], {
          message: `the ${to} email`,
        })
        .toContain(`${new URL(page.url()).origin}/${lang}/orders?order=${id}`);
    }
    await expect(cancel).toHaveCount(0);
    await expect(operator.getByText(t(lang, "admin.orders.move.none"))).toBeVisible();
    await operator.context().close();
  });
}

test.describe("back-office orders: accessibility and layout (issue 12, point 7)", () => {
  for (const width of [360, 1280]) {
    for (const lang of LANGS) {
      test(`${lang} at ${width} px: no serious axe violation on the list and the detail, nothing wider than the screen`, async ({
        page,
        request,
      }) => {
        const { id } = await freshOrder(request, lang);
        await page.setViewportSize({ width, height: 800 });
        await signInStaff(page, OPERATOR, lang);
        for (const path of ["/admin/orders", `/admin/orders/${id}`]) {
          await gotoHydrated(page, `/${lang}${path}`);
          await expectNoSeriousA11yViolations(page);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
          await shoot(page, `admin-${path === "/admin/orders" ? "orders" : "order"}-${lang}-${width}`);
        }
      });
    }
  }
});

test("es: the list's filter form works without JavaScript and keeps what was typed", async ({ browser, request }) => {
  const { id } = await freshOrder(request, "es");
  const page = await operatorPage(browser, "es", { javaScriptEnabled: false });
  await page.goto("/es/admin/orders");
  const form = page.getByRole("form", { name: t("es", "admin.orders.filter.label") });
  const search = form.getByRole("searchbox", { name: t("es", "admin.orders.filter.q"), exact: true });
  await search.fill("nadie-se-llama-así");
  await form.getByRole("combobox", { name: t("es", "admin.orders.filter.status") }).selectOption("shipping");
  await form.getByRole("combobox", { name: t("es", "admin.orders.filter.option") }).selectOption("express");
  await form.getByLabel(t("es", "admin.orders.filter.from"), { exact: true }).fill("2026-01-01");
  await form.getByRole("button", { name: t("es", "admin.orders.filter.submit") }).click();
  await expect(page).toHaveURL(
    /\/es\/admin\/orders\?q=nadie-se-llama-as%C3%AD&status=shipping&option=express&from=2026-01-01&to=$/,
  );
  await expect(search).toHaveValue("nadie-se-llama-así");
  await expect(form.getByRole("combobox", { name: t("es", "admin.orders.filter.status") })).toHaveValue("shipping");
  await expect(form.getByRole("combobox", { name: t("es", "admin.orders.filter.option") })).toHaveValue("express");
  await expect(form.getByLabel(t("es", "admin.orders.filter.from"), { exact: true })).toHaveValue("2026-01-01");
  await expect(page.getByText(t("es", "admin.orders.emptyFiltered"))).toBeVisible();

  // The fresh order by its id, still without JavaScript; its detail shows the point as text.
  await page.getByRole("link", { name: t("es", "admin.orders.filter.clear") }).click();
  await expect(page).toHaveURL(/\/es\/admin\/orders$/);
  await search.fill(id.slice(0, 10));
  await form.getByRole("button", { name: t("es", "admin.orders.filter.submit") }).click();
  await page.getByRole("link", { name: id, exact: true }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: t("es", "admin.orders.detail.title", { id }) }),
  ).toBeVisible();
  await expect(page.locator("[data-coordinates]")).toHaveText("23.13570, -82.38380");
  await page.context().close();
});
