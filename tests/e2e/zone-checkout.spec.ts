import { type Browser, type Page, expect, test } from "@playwright/test";
import {
  type Lang,
  LANGS,
  SAME_ORIGIN,
  addToCartQuickly,
  escapeRegExp,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newSignedInShopper,
  pickProduct,
  t,
} from "./support";
import { signInStaff } from "./staff-sign-in";

// Issue 26 point 1, checkout's part: an operator pauses a municipality; a shopper who types it in
// the shipping step is refused with the reason beside City (Municipio), and everything typed stays,
// with JavaScript and without. The zone is reset at the end. Both languages, each its own
// municipality that no other journey uses.

const OPERATOR = { email: "operador@tienda.cu", password: "Malecon2026!" };
const REASON = { es: "Sin combustible hasta el lunes", en: "No fuel until Monday" };

const field = (page: Page, lang: Lang, key: Parameters<typeof t>[1]) =>
  page.getByRole("textbox", { name: t(lang, key), exact: true });

/** Posts the zone's edit form as the operator: `fields` to save, or a reset. */
async function operatorZone(browser: Browser, lang: Lang, id: string, fields: Record<string, string> | "reset") {
  const ops = await browser.newContext();
  const page = await ops.newPage();
  await signInStaff(page, OPERATOR, lang);
  const form = fields === "reset" ? { intent: "reset" } : { intent: "save", ...fields };
  const res = await page.request.post(`/${lang}/admin/zones/${id}`, { form, maxRedirects: 0, headers: SAME_ORIGIN });
  expect(res.status()).toBe(303);
  await ops.close();
}

/** Fills the shipping step with `city` in Granma and a Havana place for the point, then continues. */
async function typeAndContinue(page: Page, lang: Lang, city: string) {
  await field(page, lang, "checkout.page.field.clientId").fill("85010112345");
  await field(page, lang, "checkout.page.field.phone").fill("+53 5 555 1234");
  await field(page, lang, "checkout.page.field.address").fill("Calle Martí 12, bajos");
  await field(page, lang, "checkout.page.field.city").fill(city);
  await field(page, lang, "checkout.page.field.state").fill("Granma");
  await page.getByRole("combobox", { name: t(lang, "checkout.page.point.place") }).selectOption("playa");
  await page.getByRole("button", { name: t(lang, "checkout.page.continuePayment") }).click();
}

/** Still on the shipping step, the reason beside the city, every typed value kept. */
async function expectRefusedBesideCity(page: Page, lang: Lang, city: string, message: string) {
  const cityField = field(page, lang, "checkout.page.field.city");
  await expect(cityField).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  await expect(cityField).toHaveAttribute("aria-invalid", "true");
  await expect(page).not.toHaveURL(/step=payment/);
  await expect(cityField).toHaveValue(city);
  await expect(field(page, lang, "checkout.page.field.state")).toHaveValue("Granma");
  await expect(field(page, lang, "checkout.page.field.address")).toHaveValue("Calle Martí 12, bajos");
  await expect(field(page, lang, "checkout.page.field.clientId")).toHaveValue("85010112345");
  await expect(field(page, lang, "checkout.page.field.phone")).toHaveValue("+53 5 555 1234");
  await expect(page.getByRole("combobox", { name: t(lang, "checkout.page.point.place") })).toHaveValue("playa");
}

test.describe("checkout refuses a paused municipality", () => {
  for (const lang of LANGS) {
    const [id, name] = lang === "es" ? ["niquero", "Niquero"] : ["pilon", "Pilón"];

    test(`${lang}: ${name} paused, the reason beside City, with and without JavaScript`, async ({ page, browser }) => {
      test.slow();
      await operatorZone(browser, lang, id, {
        served: "on",
        paused: "on",
        pauseReasonEs: REASON.es,
        pauseReasonEn: REASON.en,
        minDays: "1",
        maxDays: "2",
        minOrderCents: "0",
      });
      try {
        const message = t(lang, "checkout.errors.zonePaused", { name, reason: REASON[lang] });
        const product = await pickProduct(page.request, "in stock", (p) => p.quantity >= 5, lang);

        await newSignedInShopper(page, `zona-${lang}`, lang);
        await addToCartQuickly(page, product.id, 1, lang);
        await gotoHydrated(page, `/${lang}/checkout`);
        // Typed without its accent and in lower case: still that municipality.
        const typed = lang === "es" ? "niquero" : "Pilon";
        await typeAndContinue(page, lang, typed);
        await expectRefusedBesideCity(page, lang, typed, message);
        await expectNoSeriousA11yViolations(page);

        const plain = await browser.newContext({ javaScriptEnabled: false });
        const noJs = await plain.newPage();
        await newSignedInShopper(noJs, `zona-sinjs-${lang}`, lang);
        await addToCartQuickly(noJs, product.id, 1, lang);
        await noJs.goto(`/${lang}/checkout`);
        await typeAndContinue(noJs, lang, name);
        await expectRefusedBesideCity(noJs, lang, name, message);
        await plain.close();
      } finally {
        await operatorZone(browser, lang, id, "reset");
      }
    });
  }
});
