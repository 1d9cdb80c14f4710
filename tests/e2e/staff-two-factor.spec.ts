import { type Page, expect, test } from "@playwright/test";
import { LANGS, type Lang, expectNoSeriousA11yViolations, gotoHydrated, signInShopper, t } from "./support";
import { codeAt, signInStaff } from "./staff-sign-in";

// Issue 27 point 2 (decision 017), in both languages at 360 px: a new staff member's first visit
// enrols (QR code as SVG, the secret as text, a real code computed with the TOTP library, the
// recovery codes shown once); without a code no back-office page opens; a wrong code's error is
// beside the field; a recovery code works once; an owner's reset sends the member to enrol again.

const OWNER = { email: "operador@tienda.cu", password: "Malecon2026!" };

async function addSupport(page: Page, lang: Lang, email: string): Promise<string> {
  await gotoHydrated(page, `/${lang}/admin/staff`);
  const add = page.getByRole("region", { name: t(lang, "admin.staff.add") });
  await add.getByLabel(t(lang, "admin.staff.field.email")).fill(email);
  await add.getByLabel(t(lang, "admin.staff.field.role")).selectOption("support");
  await add.getByRole("button", { name: t(lang, "admin.staff.submit") }).click();
  await expect(add.getByText(t(lang, "admin.staff.created", { email }))).toBeVisible();
  return (await add.locator("code").textContent())!.trim();
}

const codeField = (page: Page, lang: Lang) => page.getByLabel(t(lang, "twoFactor.field.code"), { exact: true });

for (const lang of LANGS) {
  test(`${lang}: a staff member enrols, needs a code for every page, uses a recovery code once, and is reset by an owner`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 800 });
    await signInStaff(page, OWNER, lang);
    const email = `dos-pasos-${lang}-${Date.now()}@tienda.cu`;
    const password = await addSupport(page, lang, email);

    // First visit: any back-office URL leads to the enrol page.
    const first = await browser.newContext({
      viewport: { width: 360, height: 800 },
      baseURL: test.info().project.use.baseURL,
    });
    const member = await first.newPage();
    await signInShopper(member, { email, password }, lang);
    await gotoHydrated(member, `/${lang}/admin/orders`);
    await expect(member).toHaveURL(new RegExp(`/${lang}/two-factor/enrol\\?next=`));
    await expect(member.getByRole("heading", { level: 1, name: t(lang, "twoFactor.enrol.title") })).toBeVisible();
    const qr = member.getByRole("img", { name: t(lang, "twoFactor.enrol.qrLabel") });
    await expect(qr.locator("svg")).toHaveCount(1);
    const secretField = member.getByLabel(t(lang, "twoFactor.enrol.secretLabel"));
    const secret = (await secretField.inputValue()).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoSeriousA11yViolations(member);

    // A wrong code: the error beside the field, the field marked invalid.
    await codeField(member, lang).fill(codeAt(secret, Date.now(), 10));
    await member.getByRole("button", { name: t(lang, "twoFactor.enrol.submit") }).click();
    await expect(member.locator("#two-factor-enrol-code-error")).toContainText(t(lang, "twoFactor.errors.invalid"));
    await expect(codeField(member, lang)).toHaveAttribute("aria-invalid", "true");

    // The right code (the TOTP library, from the secret shown): recovery codes, once.
    await codeField(member, lang).fill(codeAt(secret, Date.now()));
    await member.getByRole("button", { name: t(lang, "twoFactor.enrol.submit") }).click();
    await expect(member.getByRole("heading", { level: 1, name: t(lang, "twoFactor.enrol.doneTitle") })).toBeVisible();
    const codes = await member.getByTestId("recovery-code").allTextContents();
    expect(codes).toHaveLength(10);
    await expectNoSeriousA11yViolations(member);
    await member.getByRole("link", { name: t(lang, "twoFactor.continue") }).click();
    await expect(member).toHaveURL(new RegExp(`/${lang}/admin/orders$`));

    // A new sign-in without a code reaches no back-office page: a direct URL goes to verify.
    const second = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const again = await second.newPage();
    await signInShopper(again, { email, password }, lang);
    await gotoHydrated(again, `/${lang}/admin/claims`);
    await expect(again).toHaveURL(new RegExp(`/${lang}/two-factor\\?next=`));
    await expect(again.getByRole("heading", { level: 1, name: t(lang, "twoFactor.verify.title") })).toBeVisible();
    await expectNoSeriousA11yViolations(again);
    // A recovery code works once…
    await codeField(again, lang).fill(codes[0]);
    await again.getByRole("button", { name: t(lang, "twoFactor.verify.submit") }).click();
    await expect(again).toHaveURL(new RegExp(`/${lang}/admin/claims$`));
    // …and not twice.
    const third = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const once = await third.newPage();
    await signInShopper(once, { email, password }, lang);
    await gotoHydrated(once, `/${lang}/admin`);
    await codeField(once, lang).fill(codes[0]);
    await once.getByRole("button", { name: t(lang, "twoFactor.verify.submit") }).click();
    await expect(once.locator("#two-factor-code-error")).toContainText(t(lang, "twoFactor.errors.invalid"));
    await expect(once).toHaveURL(new RegExp(`/${lang}/two-factor`));

    // The owner resets the member's two-factor (a lost device): the member enrols again.
    await gotoHydrated(page, `/${lang}/admin/staff`);
    await page.getByRole("button", { name: t(lang, "admin.staff.resetTwoFactorOf", { email }) }).click();
    await expect(page.getByText(t(lang, "admin.staff.twoFactorReset", { email }))).toBeVisible();
    await gotoHydrated(member, `/${lang}/admin/orders`);
    await expect(member).toHaveURL(new RegExp(`/${lang}/two-factor/enrol`));
    const newSecret = (await member.getByLabel(t(lang, "twoFactor.enrol.secretLabel")).inputValue()).replace(/\s/g, "");
    expect(newSecret).not.toBe(secret);
    await Promise.all([first.close(), second.close(), third.close()]);
  });
}
