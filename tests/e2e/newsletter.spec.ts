import { randomUUID } from "node:crypto";
import { type Page, expect, test } from "@playwright/test";
import { type Lang, gotoHydrated, t } from "./support";

/** D25 footer newsletter: stores the address and thanks; a stored address is thanked the same way. */

const uniqueEmail = () => `e2e-${randomUUID()}@example.com`;

function newsletter(page: Page, lang: Lang) {
  const footer = page.getByRole("contentinfo");
  return {
    email: footer.getByRole("textbox", { name: t(lang, "newsletter.email") }),
    submit: footer.getByRole("button", { name: t(lang, "newsletter.submit") }),
    status: footer.getByRole("status"),
    alert: footer.getByRole("alert"),
  };
}

async function expectThanked(page: Page, lang: Lang) {
  const box = newsletter(page, lang);
  await expect(box.status).toHaveText(t(lang, "newsletter.thanks"));
  // The form gives way to the message; no error is left behind.
  await expect(box.email).toHaveCount(0);
  await expect(box.alert).toHaveCount(0);
}

async function expectFieldError(page: Page, lang: Lang, key: "newsletter.email.invalid" | "newsletter.email.required") {
  const box = newsletter(page, lang);
  await expect(box.alert).toHaveText(t(lang, key));
  // The message belongs to the field: it is the field's accessible description and marks it invalid.
  await expect(box.email).toHaveAttribute("aria-invalid", "true");
  await expect(box.email).toHaveAccessibleDescription(t(lang, key));
  await expect(box.status).toHaveText("");
}

test.describe("newsletter with JavaScript", () => {
  for (const lang of ["es", "en"] as const) {
    test(`/${lang}/: a valid address is thanked, and thanked again the same way`, async ({ page }) => {
      const email = uniqueEmail();
      await gotoHydrated(page, `/${lang}/`);
      const box = newsletter(page, lang);
      await box.email.fill(email);
      await box.submit.click();
      await expectThanked(page, lang);
      // Focus moves to the message so that it is not lost with the form.
      await expect(box.status.getByText(t(lang, "newsletter.thanks"))).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`/${lang}/$`));

      // The same address again (different case and spacing: one subscriber) on a fresh page.
      await gotoHydrated(page, `/${lang}/`);
      await box.email.fill(`  ${email.toUpperCase()} `);
      await box.submit.press("Enter");
      await expectThanked(page, lang);
    });

    test(`/${lang}/: an invalid address shows the error next to the field`, async ({ page }) => {
      await gotoHydrated(page, `/${lang}/`);
      const box = newsletter(page, lang);
      await box.email.fill("a@b");
      await box.submit.click();
      await expectFieldError(page, lang, "newsletter.email.invalid");
      await expect(box.email).toHaveValue("a@b");

      // Fixing it clears the error and thanks.
      await box.email.fill(uniqueEmail());
      await box.submit.click();
      await expectThanked(page, lang);
    });
  }

  test("an empty address asks for one", async ({ page }) => {
    await gotoHydrated(page, "/es/");
    await newsletter(page, "es").submit.click();
    await expectFieldError(page, "es", "newsletter.email.required");
  });
});

test.describe("newsletter without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a valid address is thanked on the page it was sent from", async ({ page }) => {
    await page.goto("/en/search?q=arroz&category=all");
    const box = newsletter(page, "en");
    await box.email.fill(uniqueEmail());
    await box.submit.click();
    await expect(page).toHaveURL(/\/en\/search\?q=arroz&category=all&newsletter=thanks#newsletter$/);
    await expectThanked(page, "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "search.title", { q: "arroz" }));
  });

  test("an invalid address shows the error next to the field", async ({ page }) => {
    await page.goto("/es/");
    const box = newsletter(page, "es");
    await box.email.fill("a@b");
    await box.submit.click();
    await expect(page).toHaveURL(/newsletter=invalid#newsletter$/);
    await expectFieldError(page, "es", "newsletter.email.invalid");
  });

  test("the same address twice is thanked both times", async ({ page }) => {
    const email = uniqueEmail();
    for (let i = 0; i < 2; i++) {
      await page.goto("/es/shop");
      await newsletter(page, "es").email.fill(email);
      await newsletter(page, "es").submit.click();
      await expect(page).toHaveURL(/\/es\/shop\?newsletter=thanks#newsletter$/);
      await expectThanked(page, "es");
    }
  });
});

test("the subscribe API thanks a new and a stored address alike (D25)", async ({ request }) => {
  const email = uniqueEmail();
  const first = await request.post("/api/newsletter/subscribe", { data: { email } });
  const again = await request.post("/api/newsletter/subscribe", { data: { email } });
  expect(first.ok()).toBe(true);
  expect(again.status()).toBe(first.status());
  expect(await again.json()).toEqual(await first.json());
  const invalid = await request.post("/api/newsletter/subscribe", { data: { email: "a@b" } });
  expect(invalid.status()).toBe(400);
});
