import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { type Mail, mailsTo } from "./mail";
import { type Lang, expectNoSeriousA11yViolations, gotoHydrated, t } from "./support";
import { signInStaff } from "./staff-sign-in";

// Seller applications in the back office (issue 12, point 3; spec §2.19, §4.7; D24): an application
// arrives through the API, the operator approves or rejects it with a note, the applicant is
// emailed in the application's language, and the application moves to its tab. axe at 360 px and
// desktop on the list and the detail.

const OPERATOR = { email: "operador@tienda.cu", password: "Malecon2026!" };

/** A fresh application through `POST /api/provider-form/provider-application` (§7.6), in `lang`. */
async function submitApplication(request: APIRequestContext, lang: Lang, name: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const application = {
    businessName: `${name} ${id}`,
    contactName: "Marta Pérez",
    email: `vendedor-${id}@example.com`,
    phone: "+53 5 123 4567",
    address: "Calle 23 No. 456, Vedado, La Habana",
    providerType: "local",
    productCategories: "Dulces, panadería",
    businessDescription: "Dulcería familiar desde 2015: cakes, panetelas y galletas hechas cada día.",
    termsAccepted: true,
  };
  const res = await request.post(`/api/provider-form/provider-application?lang=${lang}`, { data: application });
  expect(res.status()).toBe(201);
  return application;
}

/** Waits for the email to `to` whose subject contains `subject` (the acknowledgement comes first). */
async function waitForDecisionMail(to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(() => (found = mailsTo(to).find((mail) => mail.subject.includes(subject))) !== undefined, {
      timeout: 20_000,
      message: `an email to ${to} about "${subject}"`,
    })
    .toBe(true);
  return found!;
}

const tab = (page: Page, lang: Lang, status: "pending" | "approved" | "rejected" | "all") =>
  page
    .getByRole("navigation", { name: t(lang, "admin.sellers.tabs") })
    .getByRole("link", { name: new RegExp(`^${t(lang, `admin.sellers.status.${status}`)}`) });

async function openApplication(page: Page, lang: Lang, businessName: string) {
  await gotoHydrated(page, `/${lang}/admin/sellers?q=${encodeURIComponent(businessName)}`);
  await page.getByRole("link", { name: businessName }).click();
  await expect(page.getByRole("heading", { level: 1, name: businessName })).toBeVisible();
}

test.describe("seller applications (issue 12, point 3)", () => {
  test("en: the operator approves with a note; the English email carries it; the application moves to approved", async ({
    page,
  }) => {
    const lang = "en";
    const application = await submitApplication(page.request, "en", "Sweet Havana");
    await signInStaff(page, OPERATOR, lang);

    await gotoHydrated(page, `/${lang}/admin/sellers`);
    await expect(tab(page, lang, "pending")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: application.businessName })).toBeVisible();
    await page.getByRole("link", { name: application.businessName }).click();
    await expect(page.getByRole("heading", { level: 1, name: application.businessName })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main).toContainText(application.businessDescription);
    await expect(main).toContainText(t(lang, "sell.type.local"));

    const note = "Bring your business licence to the interview.";
    await page.getByLabel(t(lang, "admin.sellers.decision.note")).fill(note);
    await page.getByRole("button", { name: t(lang, "admin.sellers.decision.approve") }).click();
    await expect(
      page.getByRole("status").filter({ hasText: t(lang, "admin.sellers.decision.done.approved") }),
    ).toBeVisible();
    await expect(main).toContainText(note);
    await expect(page.getByRole("button", { name: t(lang, "admin.sellers.decision.approve") })).toHaveCount(0);

    const mail = await waitForDecisionMail(application.email, "is approved");
    expect(mail.links).toContain(`${new URL(page.url()).origin}/en/sell-with-us`);
    expect(mail.text).toContain("Hello Marta Pérez,");
    expect(mail.text).toContain("Next steps");
    expect(mail.text).toContain(note);

    await gotoHydrated(page, `/${lang}/admin/sellers?q=${encodeURIComponent(application.businessName)}`);
    await expect(page.getByRole("main")).toContainText(t(lang, "admin.sellers.emptySearch"));
    await tab(page, lang, "approved").click();
    await expect(tab(page, lang, "approved")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: application.businessName })).toBeVisible();
  });

  test("es without JavaScript: a rejection needs a note, shown beside the field with the text kept; then the Spanish email", async ({
    browser,
  }) => {
    const lang = "es";
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const application = await submitApplication(page.request, "es", "Dulcería Sin JS");
    await signInStaff(page, OPERATOR, lang);
    await page.goto(`/${lang}/admin/sellers?q=${encodeURIComponent(application.businessName)}`);
    await page.getByRole("link", { name: application.businessName }).click();

    const note = page.getByLabel(t(lang, "admin.sellers.decision.note"));
    const reject = page.getByRole("button", { name: t(lang, "admin.sellers.decision.reject") });
    await reject.click();
    await expect(note).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#decision-note-error")).toHaveText(
      new RegExp(t(lang, "admin.sellers.decision.noteRequired")),
    );
    await expect(page.getByRole("alert").first()).toContainText(t(lang, "admin.sellers.decision.note"));

    // Too long (a browser that ignores maxlength): refused, and what was typed comes back.
    const long = `Motivo ${"x".repeat(1000)}`;
    await note.evaluate((el) => el.removeAttribute("maxlength"));
    await note.fill(long);
    await reject.click();
    await expect(page.locator("#decision-note-error")).toHaveText(new RegExp(t(lang, "admin.form.tooLong")));
    await expect(note).toHaveValue(long);

    const reason = "Por ahora solo aceptamos vendedores de alimentos.";
    await note.fill(reason);
    await reject.click();
    await expect(
      page.getByRole("status").filter({ hasText: t(lang, "admin.sellers.decision.done.rejected") }),
    ).toBeVisible();
    const mail = await waitForDecisionMail(application.email, "Sobre tu solicitud");
    expect(mail.text).toContain("Hola, Marta Pérez:");
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain("no podemos aprobarla");

    await page.goto(`/${lang}/admin/sellers?status=rejected&q=${encodeURIComponent(application.businessName)}`);
    await expect(page.getByRole("link", { name: application.businessName })).toBeVisible();
    await context.close();
  });

  test("es: a decision from a stale page is refused with a clear message and changes nothing", async ({ browser }) => {
    const lang = "es";
    const context = await browser.newContext();
    const first = await context.newPage();
    const application = await submitApplication(first.request, "es", "Pestaña Vieja");
    await signInStaff(first, OPERATOR, lang);
    const second = await context.newPage();
    await openApplication(first, lang, application.businessName);
    await openApplication(second, lang, application.businessName);

    await first.getByRole("button", { name: t(lang, "admin.sellers.decision.approve") }).click();
    await expect(
      first.getByRole("status").filter({ hasText: t(lang, "admin.sellers.decision.done.approved") }),
    ).toBeVisible();

    await second.getByLabel(t(lang, "admin.sellers.decision.note")).fill("Rechazo tardío");
    await second.getByRole("button", { name: t(lang, "admin.sellers.decision.reject") }).click();
    await expect(
      second.getByRole("alert").filter({ hasText: t(lang, "admin.sellers.decision.already") }),
    ).toBeVisible();
    await expect(second.getByRole("main")).toContainText(t(lang, "admin.sellers.state.approved"));
    await expect(second.getByRole("main")).not.toContainText("Rechazo tardío");
    await waitForDecisionMail(application.email, "Aprobamos tu solicitud");
    // The acknowledgement and the approval: no rejection email.
    expect(mailsTo(application.email).filter((m) => m.subject.includes("Sobre tu solicitud"))).toHaveLength(0);
    await context.close();
  });

  for (const [width, height] of [
    [360, 740],
    [1280, 800],
  ] as const) {
    test(`axe at ${width} px: the list and an application`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      // No new application here: the API allows 10 an hour from one address (providers.server.ts).
      await signInStaff(page, OPERATOR, "es");
      await gotoHydrated(page, "/es/admin/sellers?status=all");
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("table").getByRole("link").first().click();
      await expect(page.getByRole("heading", { level: 2, name: /Solicitud n\.º/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      if (process.env.E2E_SCREENSHOT_DIR) {
        await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/seller-${width}.png`, fullPage: true });
      }
    });
  }
});
