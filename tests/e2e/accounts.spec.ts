import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { waitForMail } from "./mail";
import { type Lang, gotoHydrated, t, expectNoSeriousA11yViolations } from "./support";

// Accounts (§2.3, §2.6, §2.16, §2.17, §5, §6, §8; D4, D6, D7, D8): the screens in a real browser,
// with the emails received by a real SMTP server (tests/e2e/smtp-sink.mjs).

const DEMO = { email: "cliente@tienda.cu", password: "Habana2026!" };
const STRONG = "Guayaba-Verde-77";

/** A unique email and username per test (the tests run in parallel on one database). */
function unique(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return { email: `${prefix}-${id}@example.com`, username: `${prefix}_${id}` };
}

/** The alert left by the last action (flash). */
const alert = (page: Page, text: string) => page.locator("[data-flash]").filter({ hasText: text });

/** The header's account menu (a `<details>` dropdown). */
function accountMenu(page: Page, lang: Lang) {
  const details = page.getByRole("banner").locator("details", { hasText: t(lang, "header.account.label") });
  return { details, summary: details.locator("summary") };
}

/** An active account made through the pages themselves: sign-up form post, then the emailed link. */
async function createActiveAccount(request: APIRequestContext, lang: Lang = "es") {
  const who = unique("act");
  const res = await request.post(`/${lang}/signup`, {
    form: { ...who, first_name: "Lázaro", last_name: "Fuentes", password: STRONG, re_password: STRONG },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  const mail = await waitForMail(who.email, /\/activate\//);
  const activation = await request.post(new URL(mail.link).pathname, { maxRedirects: 0 });
  expect(activation.status()).toBe(303);
  return { ...who, password: STRONG };
}

async function signIn(page: Page, lang: Lang, email: string, password: string) {
  await page.getByRole("main").getByLabel(t(lang, "accounts.field.email"), { exact: true }).fill(email);
  await page.getByRole("main").getByLabel(t(lang, "accounts.field.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: t(lang, "accounts.login.submit") }).click();
}

/** One checklist line by rule id, and whether it says (in words) that it is met. */
const rule = (page: Page, list: string, id: string) => page.locator(`#${list} [data-check="${id}"]`);

test.describe("accounts", () => {
  test("sign-up in Spanish: weak password refused live and by the server, email, activation, sign-in, profile, log out", async ({
    page,
    browser,
  }) => {
    test.slow();
    const lang = "es";
    const who = unique("alta");
    await gotoHydrated(page, "/es/signup");
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "accounts.signup.title") })).toBeVisible();
    // Google is not configured in e2e: no Google button.
    await expect(page.getByRole("link", { name: t(lang, "accounts.google.button") })).toHaveCount(0);
    await expect(page.getByRole("main").getByLabel(t(lang, "accounts.field.email"), { exact: true })).toHaveAttribute(
      "type",
      "email",
    );

    // Live username checklist.
    const username = page.getByRole("main").getByLabel(t(lang, "accounts.field.username"), { exact: true });
    await username.fill("Mal Nombre");
    await expect(rule(page, "signup-username-checks", "noSpaces")).toHaveAttribute("data-ok", "false");
    await expect(rule(page, "signup-username-checks", "lowercase")).toContainText(t(lang, "accounts.checks.unmet"));
    await username.fill(who.username);
    await expect(rule(page, "signup-username-checks", "noSpaces")).toContainText(t(lang, "accounts.checks.met"));
    await expect(page.locator("#signup-username-checks li[data-ok=false]")).toHaveCount(0);

    await page.getByRole("main").getByLabel(t(lang, "accounts.field.email"), { exact: true }).fill(who.email);
    await page.getByRole("main").getByLabel(t(lang, "accounts.field.first_name"), { exact: true }).fill("Marta");
    await page.getByRole("main").getByLabel(t(lang, "accounts.field.last_name"), { exact: true }).fill("Pérez");

    // Live password checklist: all digits and common are unmet, in words.
    const password = page.getByRole("main").getByLabel(t(lang, "accounts.field.password"), { exact: true });
    const repeat = page.getByRole("main").getByLabel(t(lang, "accounts.field.re_password"), { exact: true });
    await password.fill("12345678");
    await repeat.fill("12345678");
    await expect(rule(page, "signup-password-checks", "length")).toHaveAttribute("data-ok", "true");
    await expect(rule(page, "signup-password-checks", "notNumeric")).toContainText(t(lang, "accounts.checks.unmet"));
    await expect(rule(page, "signup-password-checks", "notCommon")).toHaveAttribute("data-ok", "false");
    await expect(page.getByText(t(lang, "accounts.checks.summary", { met: 2, total: 4 }))).toBeVisible();
    // Similar to the first name.
    await password.fill("marta2026x");
    await expect(rule(page, "signup-password-checks", "notSimilar")).toHaveAttribute("data-ok", "false");

    // The browser refuses the weak password next to the field, with the §5 message.
    await password.fill("12345678");
    await page.getByRole("button", { name: t(lang, "accounts.signup.submit") }).click();
    await expect(page.getByText(t(lang, "accounts.errors.password"))).toBeVisible();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/es\/signup$/);

    // The server refuses it too (JavaScript off: no client check at all).
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto("/es/signup");
    await plain.getByRole("main").getByLabel(t(lang, "accounts.field.email"), { exact: true }).fill(who.email);
    await plain.getByRole("main").getByLabel(t(lang, "accounts.field.username"), { exact: true }).fill(who.username);
    await plain.getByRole("main").getByLabel(t(lang, "accounts.field.first_name"), { exact: true }).fill("Marta");
    await plain.getByRole("main").getByLabel(t(lang, "accounts.field.last_name"), { exact: true }).fill("Pérez");
    await plain.getByRole("main").getByLabel(t(lang, "accounts.field.password"), { exact: true }).fill("12345678");
    await plain.getByRole("main").getByLabel(t(lang, "accounts.field.re_password"), { exact: true }).fill("12345678");
    await plain.getByRole("button", { name: t(lang, "accounts.signup.submit") }).click();
    const summary = plain.getByRole("alert").filter({ hasText: t(lang, "accounts.form.errorsHeading") });
    await expect(summary).toContainText(
      `${t(lang, "accounts.field.password")}: ${t(lang, "accounts.errors.password")}`,
    );
    // What was typed comes back (never the password).
    await expect(plain.getByRole("main").getByLabel(t(lang, "accounts.field.email"), { exact: true })).toHaveValue(
      who.email,
    );
    await expect(plain.getByRole("main").getByLabel(t(lang, "accounts.field.password"), { exact: true })).toHaveValue(
      "",
    );
    await noJs.close();

    // Repeat field: live match indicator.
    await password.fill(STRONG);
    await repeat.fill(`${STRONG}x`);
    await expect(page.locator("#signup-re_password-match")).toHaveText(new RegExp(t(lang, "accounts.match.no")));
    await repeat.fill(STRONG);
    await expect(page.locator("#signup-re_password-match")).toHaveText(new RegExp(t(lang, "accounts.match.ok")));
    await expect(page.locator("#signup-password-checks li[data-ok=false]")).toHaveCount(0);
    await page.getByRole("button", { name: t(lang, "accounts.signup.submit") }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/es/");
    await expect(alert(page, t(lang, "accounts.signup.success"))).toBeVisible();
    // Not signed in yet: the account is not active.
    await expect(page.getByRole("banner").getByRole("link", { name: t(lang, "accounts.menu.cart") })).toHaveCount(0);

    // The activation email arrives; its link opens the activation page (in Spanish).
    const mail = await waitForMail(who.email, /\/activate\/[^/]+\/[^/]+$/);
    const activation = new URL(mail.link).pathname;
    await gotoHydrated(page, activation);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByRole("button", { name: t(lang, "accounts.activate.submit") }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === "/es/login" && url.searchParams.get("next") === "/es/account",
    );
    await expect(alert(page, t(lang, "accounts.activate.success"))).toBeVisible();

    // Sign in: back to the account page, greeted by first name.
    await signIn(page, lang, who.email, STRONG);
    await expect(page).toHaveURL((url) => url.pathname === "/es/account");
    await expect(alert(page, t(lang, "accounts.login.success"))).toBeVisible();
    await expect(accountMenu(page, lang).summary).toContainText(t(lang, "accounts.menu.greeting", { name: "Marta" }));
    await expect(page.getByText(who.email)).toBeVisible();
    await expect(page.getByText(who.username)).toBeVisible();
    // Name, username and email are not editable.
    await expect(page.getByRole("main").getByRole("textbox")).toHaveCount(0);

    // Profile edit: Municipio, Provincia, phone saved and shown after a reload.
    await page.getByRole("link", { name: t(lang, "accounts.profile.edit") }).click();
    await page.getByRole("main").getByLabel(t(lang, "accounts.field.phone"), { exact: true }).fill("+53 5 555 0101");
    await page.getByRole("main").getByLabel("Municipio").fill("Plaza de la Revolución");
    await page.getByRole("main").getByLabel("Provincia").fill("La Habana");
    await page.getByRole("button", { name: t(lang, "accounts.profile.save") }).click();
    await expect(alert(page, t(lang, "accounts.profile.updated"))).toBeVisible();
    await page.reload();
    const details = page.getByRole("region", { name: t(lang, "accounts.profile.delivery") });
    await expect(details).toContainText("+53 5 555 0101");
    await expect(details).toContainText("Plaza de la Revolución");
    await expect(details).toContainText("La Habana");

    // The activation link a second time: already active.
    await gotoHydrated(page, activation);
    await page.getByRole("button", { name: t(lang, "accounts.activate.submit") }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/es/account");
    await expect(alert(page, t(lang, "accounts.activate.already"))).toBeVisible();

    // Log out from the account menu: green alert, menu back to sign-in.
    const menu = accountMenu(page, lang);
    await menu.summary.click();
    await menu.details.getByRole("button", { name: t(lang, "accounts.logout.submit") }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/es/");
    await expect(alert(page, t(lang, "accounts.logout.success"))).toBeVisible();
    await expect(page.locator("[data-flash=success]")).toBeVisible();
    await menu.summary.click();
    await expect(menu.details.getByRole("link", { name: t(lang, "header.account.signIn") })).toBeVisible();
    await expect(page.getByRole("button", { name: t(lang, "accounts.logout.submit") })).toHaveCount(0);
    const after = await page.request.get("/es/account", { maxRedirects: 0 });
    expect(after.status()).toBe(302);
  });

  test("sign-in in English with the demo customer returns to `next`; signed-in header", async ({ page }) => {
    const lang = "en";
    await page.goto("/en/orders");
    await expect(page).toHaveURL(
      (url) => url.pathname === "/en/login" && url.searchParams.get("next") === "/en/orders",
    );
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "accounts.login.title") })).toBeVisible();
    await expect(page.getByRole("link", { name: t(lang, "accounts.google.button") })).toHaveCount(0);
    await expect(page.getByRole("link", { name: t(lang, "accounts.login.createAccount") })).toHaveAttribute(
      "href",
      "/en/signup",
    );
    await expect(page.getByRole("link", { name: t(lang, "accounts.login.forgot") })).toHaveAttribute(
      "href",
      "/reset_password?lang=en",
    );
    await signIn(page, lang, DEMO.email, DEMO.password);
    await expect(page).toHaveURL((url) => url.pathname === "/en/orders");
    await expect(alert(page, t(lang, "accounts.login.success"))).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "accounts.pages.orders") })).toBeVisible();

    // §2.3 signed in: cart link (no badge at 0) and the account menu's entries.
    const banner = page.getByRole("banner");
    const cart = banner.getByRole("link", { name: t(lang, "accounts.menu.cart") });
    await expect(cart).toHaveAttribute("href", "/en/cart");
    await expect(cart).not.toContainText(/\d/);
    const menu = accountMenu(page, lang);
    await menu.summary.click();
    for (const [key, href] of [
      ["accounts.menu.account", "/en/account"],
      ["accounts.menu.orders", "/en/orders"],
      ["accounts.menu.wishlist", "/en/wishlist"],
    ] as const) {
      await expect(menu.details.getByRole("link", { name: t(lang, key) })).toHaveAttribute("href", href);
    }
    await expect(menu.details.getByRole("button", { name: t(lang, "accounts.logout.submit") })).toBeVisible();

    // The session is HttpOnly cookies (D6), invisible to scripts.
    const cookies = await page.context().cookies();
    for (const name of ["access", "refresh"]) {
      const cookie = cookies.find((c) => c.name === name);
      expect(cookie?.httpOnly, name).toBe(true);
      expect(cookie?.sameSite, name).toBe("Lax");
    }
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/access=|refresh=/);
  });

  test("a sign-in form posted from another site is refused; from this site it signs in (abuse)", async ({
    request,
    baseURL,
  }) => {
    const form = { email: "cliente@tienda.cu", password: "Habana2026!" };
    const crossSite = await request.post("/es/login", {
      form,
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    expect(crossSite.headers()["set-cookie"] ?? "").not.toContain("access=");
    const sameSite = await request.post("/es/login", {
      form,
      headers: { Origin: new URL(baseURL!).origin, "Sec-Fetch-Site": "same-origin" },
      maxRedirects: 0,
    });
    expect([302, 303]).toContain(sameSite.status());
    expect(sameSite.headers()["set-cookie"]).toMatch(/access=[^;]+;.*HttpOnly; SameSite=Lax/);
  });

  test("a wrong password stays on the login page with the error (D8)", async ({ page }) => {
    for (const lang of ["es", "en"] as const) {
      await gotoHydrated(page, `/${lang}/login`);
      await signIn(page, lang, DEMO.email, "not-the-password");
      await expect(page.getByRole("alert").filter({ hasText: t(lang, "accounts.login.failed") })).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === `/${lang}/login`);
      await expect(page.getByRole("main").getByLabel(t(lang, "accounts.field.email"), { exact: true })).toHaveValue(
        DEMO.email,
      );
    }
  });

  test("signed-out visitors are sent to login for cart, checkout, orders and account (§6, D7)", async ({ page }) => {
    for (const path of ["/es/cart", "/es/checkout", "/es/orders", "/es/account"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(
        (url) => url.pathname === "/es/login" && url.searchParams.get("next") === path,
      );
      expect(new URL(page.url()).search).toBe(`?next=${encodeURIComponent(path)}`);
    }
  });

  test("the wishlist asks a signed-out visitor to sign in (§2.17)", async ({ page }) => {
    for (const lang of ["es", "en"] as const) {
      await gotoHydrated(page, `/${lang}/wishlist`);
      await expect(page.getByText(t(lang, "accounts.wishlist.signInTitle"))).toBeVisible();
      await page
        .getByRole("main")
        .getByRole("link", { name: t(lang, "accounts.wishlist.signIn") })
        .click();
      await expect(page).toHaveURL(
        (url) => url.pathname === `/${lang}/login` && url.searchParams.get("next") === `/${lang}/wishlist`,
      );
    }
  });

  test("reset password by email, end to end; the link works once and ends earlier sessions", async ({
    page,
    request,
    browser,
  }) => {
    test.slow();
    const lang = "es";
    const account = await createActiveAccount(request);
    // A session on another device, from before the reset.
    const otherDevice = await browser.newContext();
    const other = await otherDevice.newPage();
    await gotoHydrated(other, "/es/login");
    await signIn(other, lang, account.email, account.password);
    await expect(other).toHaveURL((url) => url.pathname === "/es/");
    await other.goto("/es/account");
    await expect(other).toHaveURL((url) => url.pathname === "/es/account");
    await gotoHydrated(page, "/reset_password?lang=es");
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "accounts.reset.title") })).toBeVisible();
    await page.getByRole("main").getByLabel(t(lang, "accounts.field.email"), { exact: true }).fill(account.email);
    await page.getByRole("button", { name: t(lang, "accounts.reset.submit") }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/es/");
    await expect(alert(page, t(lang, "accounts.reset.sent"))).toBeVisible();

    // An address without an account gets the very same answer.
    await gotoHydrated(page, "/reset_password?lang=es");
    await page
      .getByRole("main")
      .getByLabel(t(lang, "accounts.field.email"), { exact: true })
      .fill(unique("nadie").email);
    await page.getByRole("button", { name: t(lang, "accounts.reset.submit") }).click();
    await expect(alert(page, t(lang, "accounts.reset.sent"))).toBeVisible();

    const mail = await waitForMail(account.email, /\/password\/reset\/confirm\//);
    const link = new URL(mail.link).pathname;
    await gotoHydrated(page, link);
    const fresh = "Mamey-Rojo-4455";
    const newPassword = page.getByRole("main").getByLabel(t(lang, "accounts.field.new_password"), { exact: true });
    const repeat = page.getByRole("main").getByLabel(t(lang, "accounts.field.re_new_password"), { exact: true });
    await newPassword.fill("123");
    await expect(rule(page, "reset-new_password-checks", "length")).toContainText(t(lang, "accounts.checks.unmet"));
    await newPassword.fill(fresh);
    await repeat.fill("Mamey-Rojo-4456");
    await expect(page.locator("#reset-re_new_password-match")).toHaveText(new RegExp(t(lang, "accounts.match.no")));
    await page.getByRole("button", { name: t(lang, "accounts.resetConfirm.submit") }).click();
    await expect(page.locator("#reset-re_new_password-error")).toHaveText(
      new RegExp(t(lang, "accounts.errors.passwordMismatch")),
    );
    await repeat.fill(fresh);
    await page.getByRole("button", { name: t(lang, "accounts.resetConfirm.submit") }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/es/login");
    await expect(alert(page, t(lang, "accounts.resetConfirm.success"))).toBeVisible();

    // The other device's session ended with the reset (D6: token version).
    await other.goto("/es/account");
    await expect(other).toHaveURL((url) => url.pathname === "/es/login");
    await otherDevice.close();

    // The old password no longer works; the new one does.
    await signIn(page, lang, account.email, account.password);
    await expect(page.getByRole("alert").filter({ hasText: t(lang, "accounts.login.failed") })).toBeVisible();
    await signIn(page, lang, account.email, fresh);
    await expect(page).toHaveURL((url) => url.pathname === "/es/");

    // The same link a second time.
    await gotoHydrated(page, link);
    await newPassword.fill("Otra-Clave-9911");
    await repeat.fill("Otra-Clave-9911");
    await page.getByRole("button", { name: t(lang, "accounts.resetConfirm.submit") }).click();
    await expect(page.getByRole("alert").filter({ hasText: t(lang, "accounts.resetConfirm.failed") })).toBeVisible();
  });

  test("the unprefixed account pages speak the browser's language, and switch with ?lang=", async ({ browser }) => {
    const context = await browser.newContext({
      locale: "en-US",
      extraHTTPHeaders: { "Accept-Language": "en-US,en;q=0.9" },
    });
    const page = await context.newPage();
    await gotoHydrated(page, "/reset_password");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: t("en", "accounts.reset.title") })).toBeVisible();
    await gotoHydrated(page, "/reset_password?lang=es");
    await expect(page.getByRole("heading", { level: 1, name: t("es", "accounts.reset.title") })).toBeVisible();
    await context.close();
  });

  test("social callback: no data and error paths (§2.6, §4.2, §8)", async ({ page }) => {
    await page.goto("/es/auth/social-callback");
    await expect(page.getByText(t("es", "accounts.social.noData"))).toBeVisible();
    await expect(page).toHaveURL(
      (url) => url.pathname === "/es/login" && url.searchParams.get("social_auth_failed") === "true",
      {
        timeout: 15_000,
      },
    );

    await page.goto("/en/auth/social-callback?error=access_denied");
    await expect(page.getByText(t("en", "accounts.social.error", { error: "access_denied" }))).toBeVisible();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === "/en/login" &&
        url.searchParams.get("social_auth_failed") === "true" &&
        url.searchParams.get("error") === "access_denied",
      { timeout: 15_000 },
    );
    await expect(page.getByRole("alert")).toContainText(t("en", "accounts.login.socialFailed"));
    // Google is not configured: the button is hidden on both screens.
    await expect(page.getByRole("link", { name: t("en", "accounts.google.button") })).toHaveCount(0);
  });
});

test.describe("accounts: axe at 360 px", () => {
  for (const path of ["/es/signup", "/en/login", "/es/account"]) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width: 360, height: 800 });
      if (path.endsWith("/account")) {
        const res = await page.request.post("/es/login", { form: DEMO, maxRedirects: 0 });
        expect(res.status()).toBe(303);
      }
      await gotoHydrated(page, path.endsWith("/account") ? `${path}?edit=1` : path);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
