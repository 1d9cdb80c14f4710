import fs from "node:fs/promises";
import { type Page, expect, test } from "@playwright/test";
import {
  type Lang,
  LANGS,
  addToCartQuickly,
  escapeRegExp,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newSignedInShopper,
  pickProduct,
  t,
} from "./support";

// Issue 26 point 2, family recipients: a shopper saves a recipient in the account (a wrong
// identity card refused beside the field first), picks that recipient at checkout, places the
// order and sees the recipient on it; its invoice is the recipient's too. At 360 px, axe on the
// account's Destinatarios section. Both languages; the checkout part also without JavaScript.

const RECIPIENT = {
  es: { first: "Marta", last: "Pérez Díaz", card: "45021512345", municipality: "cerro", name: "Cerro" },
  en: {
    first: "Rafael",
    last: "Gómez Ruiz",
    card: "61030298765",
    municipality: "diez-de-octubre",
    name: "Diez de Octubre",
  },
} as const;

const box = (page: Page, lang: Lang, key: Parameters<typeof t>[1]) =>
  page.getByRole("textbox", { name: new RegExp(`^${escapeRegExp(t(lang, key))}`) });

async function saveRecipient(page: Page, lang: Lang, javaScript = true) {
  const r = RECIPIENT[lang];
  if (javaScript) await gotoHydrated(page, `/${lang}/account`);
  else await page.goto(`/${lang}/account`);
  await page.getByRole("link", { name: t(lang, "recipients.add") }).click();
  await box(page, lang, "recipients.field.first_name").fill(r.first);
  await box(page, lang, "recipients.field.last_name").fill(r.last);
  await box(page, lang, "recipients.field.id_card").fill("1234");
  await box(page, lang, "recipients.field.phone").fill("+53 5 555 1234");
  await box(page, lang, "recipients.field.address").fill("Calle Santa Catalina #512");
  await page.getByRole("combobox", { name: t(lang, "recipients.field.municipality_id") }).selectOption(r.municipality);
  await box(page, lang, "recipients.field.latitude").fill("23.1101");
  await box(page, lang, "recipients.field.longitude").fill("-82.3802");
  await page.getByRole("button", { name: t(lang, "recipients.save") }).click();

  // Refused beside the field, everything typed kept.
  const card = box(page, lang, "recipients.field.id_card");
  await expect(card).toHaveAccessibleDescription(new RegExp(escapeRegExp(t(lang, "recipients.errors.idCardInvalid"))));
  await expect(box(page, lang, "recipients.field.first_name")).toHaveValue(r.first);
  await expect(page.getByRole("combobox", { name: t(lang, "recipients.field.municipality_id") })).toHaveValue(
    r.municipality,
  );
  if (javaScript) await expectNoSeriousA11yViolations(page, ["#recipients"]);

  await card.fill(r.card);
  await page.getByRole("button", { name: t(lang, "recipients.save") }).click();
  await expect(page.getByText(t(lang, "recipients.created"))).toBeVisible();
  const section = page.getByRole("region", { name: t(lang, "recipients.title") });
  await expect(section.getByText(`${r.first} ${r.last}`)).toBeVisible();
  await expect(
    section.getByText(
      t(lang, "recipients.where", {
        address: "Calle Santa Catalina #512",
        municipality: r.name,
        province: "La Habana",
      }),
    ),
  ).toBeVisible();
  await expect(
    section.getByRole("button", { name: t(lang, "recipients.deleteLabel", { name: `${r.first} ${r.last}` }) }),
  ).toBeVisible();
  // axe runs a script in the page: only where JavaScript runs.
  if (javaScript) await expectNoSeriousA11yViolations(page, ["#recipients"]);
}

/** Chooses the saved recipient at checkout, goes through the steps and places the order. */
async function orderForRecipient(page: Page, lang: Lang) {
  const r = RECIPIENT[lang];
  await page.getByRole("radio", { name: new RegExp(escapeRegExp(`${r.first} ${r.last}`)) }).check();
  await page.getByRole("button", { name: t(lang, "recipients.checkout.use") }).click();
  await expect(
    page.getByRole("textbox", { name: new RegExp(escapeRegExp(t(lang, "checkout.page.field.clientId"))) }),
  ).toHaveValue(r.card);
  await expect(
    page.getByRole("textbox", { name: new RegExp(escapeRegExp(t(lang, "checkout.page.field.city"))) }),
  ).toHaveValue(r.name);
  await page.getByRole("button", { name: t(lang, "checkout.page.continuePayment") }).click();
  await expect(page).toHaveURL(/step=payment/);
  await page.getByRole("button", { name: t(lang, "checkout.page.continueReview") }).click();
  await expect(page).toHaveURL(/step=review/);
  await page.getByRole("button", { name: t(lang, "checkout.page.review.placeOrder") }).click();
  await expect(page).toHaveURL(/[?&]placed=[0-9a-f]{32}$/);
  const id = new URL(page.url()).searchParams.get("placed")!;
  await expect(page.getByText(new RegExp(escapeRegExp(`${r.first} ${r.last}`)))).toBeVisible();
  return id;
}

test.describe("issue 26 point 2: family recipients", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  for (const lang of LANGS) {
    test(`${lang}: issue 26 point 2, a recipient saved in the account receives an order placed for them`, async ({
      page,
    }) => {
      // An order's pages, an invoice and three axe runs: longer than the default on a loaded machine.
      test.setTimeout(180_000);
      const r = RECIPIENT[lang];
      const product = await pickProduct(page.request, "in stock", (p) => p.quantity >= 5 && p.price < 20, lang);
      await newSignedInShopper(page, `dest-${lang}`, lang);
      await saveRecipient(page, lang);

      await addToCartQuickly(page, product.id, 1, lang);
      await gotoHydrated(page, `/${lang}/checkout`);
      await expectNoSeriousA11yViolations(page);
      const id = await orderForRecipient(page, lang);

      // The order and its invoice are the recipient's.
      await gotoHydrated(page, `/${lang}/orders?order=${id}`);
      const delivery = page.getByRole("region", { name: t(lang, "invoice.deliverTo") });
      await expect(delivery).toContainText(`${r.first} ${r.last}`);
      await expect(delivery).toContainText(r.card);
      await expect(delivery).toContainText(r.name);
      const invoice = page.getByRole("link", { name: t(lang, "orders.page.invoice") });
      const [download] = await Promise.all([page.waitForEvent("download"), invoice.click()]);
      expect((await fs.readFile((await download.path())!)).subarray(0, 4).toString("latin1")).toBe("%PDF");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test(`${lang}: issue 26 point 2 without JavaScript, the saved recipient's choice fills the fields on the server`, async ({
      page,
      browser,
    }) => {
      test.slow();
      const product = await pickProduct(page.request, "in stock", (p) => p.quantity >= 5 && p.price < 20, lang);
      const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
      const noJs = await plain.newPage();
      await newSignedInShopper(noJs, `dest-sinjs-${lang}`, lang);
      await saveRecipient(noJs, lang, false);
      await addToCartQuickly(noJs, product.id, 1, lang);
      await noJs.goto(`/${lang}/checkout`);
      await orderForRecipient(noJs, lang);
      await plain.close();
    });
  }
});
