import { type APIRequestContext, type Browser, type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { DEFECT_REPORT_HOURS } from "../../app/features/content/policy";
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
import { bearer, jwt, placeOrder } from "./api-orders";
import { signInStaff } from "./staff-sign-in";

// Issue 26 point 5 (and point 8's "a claim approved into a replacement order"): a shopper reports a
// defect with a photo on a line under warranty of a delivered order, at 360 px; the operator
// approves it in the back office into a zero-cost replacement order; the shopper sees the claim's
// state and the replacement on the order page, and gets the email in the order's language. Axe on
// the order's claims section, the claim form and the back office's pages.

const OPERATOR = { email: "operador@tienda.cu", password: "Malecon2026!" };
const PHONE = { width: 360, height: 740 };

const uniqueWord = (prefix: string) =>
  `${prefix}${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

/** The operator creates a product under warranty with stock; its id. */
async function createWarrantiedProduct(page: Page, lang: Lang, word: string): Promise<number> {
  const field = (key: Parameters<typeof t>[1]) => page.getByLabel(t(lang, key), { exact: true });
  await page.goto(`/${lang}/admin/products/new`);
  await field("admin.products.field.name").fill(`Ventilador ${word}`);
  await field("admin.products.field.nameEn").fill(`Fan ${word}`);
  await field("admin.products.field.category").selectOption({ index: 1 });
  await field("admin.products.field.price").fill("25.00");
  await field("admin.products.field.quantity").fill("5");
  await field("admin.products.field.warranty").check();
  await page.getByRole("button", { name: t(lang, "admin.products.submitCreate") }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/admin/products/\\d+\\?created=1$`));
  return Number(/\/products\/(\d+)/.exec(page.url())![1]);
}

/** A fresh shopper's order of the product, placed through the REST API; the shopper, token and id. */
async function orderOf(request: APIRequestContext, productId: number, lang: Lang) {
  const who = await createShopper(request, "reclamo");
  const token = await jwt(request, who);
  return { who, headers: bearer(token), id: await placeOrder(request, token, productId, 1, {}, lang) };
}

async function operatorPage(browser: Browser, lang: Lang) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInStaff(page, OPERATOR, lang);
  return page;
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "scrolls sideways at 360 px").toBeLessThanOrEqual(0);
}

for (const lang of LANGS) {
  test(`${lang}: issue 26 point 5, a defect reported with a photo is approved into a replacement order`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const word = uniqueWord(lang === "es" ? "defecto" : "defect");
    const operator = await operatorPage(browser, lang);
    const productId = await createWarrantiedProduct(operator, lang, word);
    const productName = lang === "es" ? `Ventilador ${word}` : `Fan ${word}`;
    const { who, headers, id } = await orderOf(request, productId, lang);

    // The operator delivers it.
    await gotoHydrated(operator, `/${lang}/admin/orders/${id}`);
    for (const to of ["processed", "shipping", "delivered"] as const) {
      await operator.getByRole("button", { name: t(lang, `admin.orders.move.to.${to}`) }).click();
      const status = t(lang, `invoice.status.${to}`);
      await expect(
        operator.getByRole("status").filter({ hasText: t(lang, "admin.orders.move.done", { status }) }),
      ).toBeVisible();
    }

    // The shopper, on a phone: the order offers "Reportar un defecto" on the line under warranty.
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signInShopper(page, who, lang);
    await gotoHydrated(page, `/${lang}/orders?order=${id}`);
    const section = page.getByRole("region", { name: t(lang, "claims.section.title") });
    await expect(section).toContainText(t(lang, "claims.section.intro", { hours: DEFECT_REPORT_HOURS }));
    await expectNoSeriousA11yViolations(page, ["section[aria-labelledby='order-claims']"]);
    await section.getByRole("link", { name: t(lang, "claims.section.reportLine", { name: productName }) }).click();
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "claims.form.title") })).toBeVisible();

    // A description too short is refused beside the field, keeping what was typed.
    const description = page.getByLabel(t(lang, "claims.form.description"));
    await description.fill("roto");
    await page.getByRole("button", { name: t(lang, "claims.form.submit") }).click();
    await expect(page.locator("#claim-description-error")).toHaveText(
      new RegExp(t(lang, "claims.errors.descriptionShort").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    );
    await expect(description).toHaveValue("roto");
    await expectNoSeriousA11yViolations(page);
    await noSidewaysScroll(page);

    const png = await sharp({ create: { width: 200, height: 150, channels: 3, background: "#b22" } })
      .png()
      .toBuffer();
    await description.fill(
      lang === "es" ? "El ventilador no enciende al cargarlo." : "The fan does not turn on when charged.",
    );
    await page
      .getByLabel(t(lang, "claims.form.photos", { max: 3 }))
      .setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: t(lang, "claims.form.submit") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/orders\\?order=${id}$`));
    await expect(page.getByText(t(lang, "claims.form.sent"))).toBeVisible();
    await expect(section.locator("[data-claim-status]")).toHaveText(t(lang, "claims.status.pending"));
    await expect(
      section.getByRole("img", { name: t(lang, "claims.section.photo", { n: 1, name: productName }) }),
    ).toBeVisible();
    await expect(section.getByText(t(lang, "claims.section.claimed"))).toBeVisible();

    // The API shows the same claim; its id opens it in the back office.
    const api = await request.get(`/api/orders/${id}/claims?lang=${lang}`, { headers });
    expect(api.status()).toBe(200);
    const { claims } = (await api.json()) as { claims: Array<{ id: number; status: string }> };
    expect(claims).toHaveLength(1);
    const claimId = claims[0].id;

    await gotoHydrated(operator, `/${lang}/admin/claims?status=pending`);
    await expect(operator.getByRole("heading", { level: 1, name: t(lang, "admin.claims.title") })).toBeVisible();
    await expectNoSeriousA11yViolations(operator);
    await operator.getByRole("link", { name: t(lang, "admin.claims.open", { id: claimId }) }).click();
    await expect(
      operator.getByRole("heading", { level: 1, name: t(lang, "admin.claims.detailTitle", { id: claimId }) }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(operator);
    await operator.getByRole("button", { name: t(lang, "admin.claims.approve") }).click();
    const done = operator.getByRole("status").filter({ hasText: /[0-9a-f]{32}/ });
    await expect(done).toBeVisible();
    const replacementId = /([0-9a-f]{32})/.exec((await done.textContent()) ?? "")?.[1];
    expect(replacementId).toBeTruthy();

    // The shopper sees the state and the replacement order, and has the email.
    await gotoHydrated(page, `/${lang}/orders?order=${id}`);
    await expect(section.locator("[data-claim-status]")).toHaveText(t(lang, "claims.status.approved"));
    const replacement = section.getByRole("link", {
      name: t(lang, "claims.section.replacement", { id: replacementId! }),
    });
    await replacement.click();
    await expect(page).toHaveURL(new RegExp(`order=${replacementId}`));
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(replacementId!) })).toBeVisible();
    const subject = t(lang, "claims.email.approved.subject", { name: productName });
    await expect
      .poll(() => mailsTo(who.email).some((mail) => mail.subject === subject), { message: "the email" })
      .toBe(true);
    await context.close();
    await operator.context().close();
  });
}
