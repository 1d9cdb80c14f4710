import { type Page, expect, test } from "@playwright/test";
import { SHIPPING_RATE_CUP_PER_KM } from "../../app/features/content/policy";
import { type Lang, LANGS, apiCompany, exactly, expectNoSeriousA11yViolations, gotoHydrated, t } from "./support";

// The customer-service chat (§2.20, §4.8, §8 Chat, §7.6; D23) against the real assistant and the
// seeded store: the shipping answer quotes the policy figures, a product answer links a seeded
// product page that opens.

const QUESTIONS = {
  es: { rice: "¿Tienen arroz?", perKm: "CUP por km" },
  en: { rice: "Do you have rice?", perKm: "CUP per km" },
} as const;

const log = (page: Page, lang: Lang) => page.getByRole("log", { name: t(lang, "chat.log") });
const input = (page: Page, lang: Lang) => page.getByRole("textbox", { name: t(lang, "chat.input.label") });
const sendButton = (page: Page, lang: Lang) => page.getByRole("button", { name: t(lang, "chat.send"), exact: true });
const assistantBubbles = (page: Page) => page.locator('[data-chat-role="assistant"]');
const userBubbles = (page: Page) => page.locator('[data-chat-role="user"]');
const chatPost = (url: string) => /\/(es|en)\/chat\/session$/.test(new URL(url).pathname);

/** Holds the page's chat calls until `release()`, so the pending state can be seen (no sleeping). */
async function holdReplies(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => chatPost(url.toString()),
    async (route) => {
      if (route.request().postData()?.includes("send")) await gate;
      await route.continue();
    },
  );
  return release;
}

test.describe("chat", () => {
  for (const lang of LANGS) {
    test(`§2.20 §4.8 in ${lang}: a suggestion, the shipping figures, a product link that opens`, async ({ page }) => {
      test.slow();
      await gotoHydrated(page, `/${lang}/chat`);
      await expect(page.getByRole("heading", { level: 1, name: t(lang, "chat.title") })).toBeVisible();
      await expect(page.locator("[data-chat-status]")).toHaveText(t(lang, "chat.status.online"));
      await expect(page.getByText(t(lang, "chat.available"))).toBeVisible();
      await expect(page.getByRole("link", { name: t(lang, "chat.back") })).toHaveAttribute("href", `/${lang}/`);
      // §4.8: focused on open; §2.20: three suggestions; no clear button before there are messages.
      await expect(input(page, lang)).toBeFocused();
      for (const key of [
        "chat.suggestions.products",
        "chat.suggestions.shipping",
        "chat.suggestions.returns",
      ] as const) {
        await expect(page.getByRole("button", { name: t(lang, key), exact: true })).toBeVisible();
      }
      await expect(page.getByText(t(lang, "chat.clear.open"))).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      // A suggestion fills the input (it does not send).
      await page.getByRole("button", { name: t(lang, "chat.suggestions.shipping"), exact: true }).click();
      await expect(input(page, lang)).toHaveValue(t(lang, "chat.suggestions.shipping"));
      await expect(userBubbles(page)).toHaveCount(0);

      // Sending: the bubble at once, the input emptied and disabled, typing shown, until the reply.
      const release = await holdReplies(page);
      await sendButton(page, lang).click();
      await expect(userBubbles(page)).toHaveCount(1);
      await expect(userBubbles(page).first()).toContainText(t(lang, "chat.suggestions.shipping"));
      await expect(input(page, lang)).toBeDisabled();
      await expect(input(page, lang)).toHaveValue("");
      await expect(page.locator("[data-chat-status]")).toHaveText(t(lang, "chat.status.typing"));
      await expect(page.getByRole("status").filter({ hasText: t(lang, "chat.typing") })).toHaveCount(1);
      release();
      const shipping = assistantBubbles(page).first();
      await expect(shipping).toContainText(`${SHIPPING_RATE_CUP_PER_KM.standard} ${QUESTIONS[lang].perKm}`);
      await expect(shipping).toContainText(`${SHIPPING_RATE_CUP_PER_KM.express} ${QUESTIONS[lang].perKm}`);
      await expect(shipping.locator("time")).toHaveText(/^\d{2}:\d{2}$/);
      await expect(page.locator("[data-chat-status]")).toHaveText(t(lang, "chat.status.online"));
      await expect(input(page, lang)).toBeEnabled();
      await expect(input(page, lang)).toBeFocused();
      await expect(page.getByText(t(lang, "chat.clear.open"))).toBeVisible();

      // A product question (Enter sends): the reply links a seeded product; the view follows it.
      await input(page, lang).fill(QUESTIONS[lang].rice);
      await input(page, lang).press("Enter");
      const products = assistantBubbles(page).nth(1).getByRole("link");
      await expect(products.first()).toHaveAttribute("href", new RegExp(`^/${lang}/product/\\d+$`));
      await expect
        .poll(() => log(page, lang).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
        .toBeLessThan(2);
      await expectNoSeriousA11yViolations(page);
      const name = (await products.first().textContent())?.trim() ?? "";
      const href = (await products.first().getAttribute("href")) ?? "";
      expect(name.length).toBeGreaterThan(0);
      // Leaving the page deletes the conversation (§4.8): the page says so with a beacon.
      const leave = page.waitForRequest((r) => chatPost(r.url()) && (r.postData() ?? "").includes("leave"));
      await products.first().click();
      await expect(page).toHaveURL(href);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(exactly(name));
      await leave;
    });
  }

  test("§2.20 §4.8 clear chat after confirmation: empties the messages and starts a new session", async ({ page }) => {
    const lang = "es";
    await gotoHydrated(page, `/${lang}/chat`);
    const sessions: string[] = [];
    page.on("request", (r) => {
      const match = chatPost(r.url()) && /name="session_id"\r\n\r\n([0-9a-f-]{36})/.exec(r.postData() ?? "");
      if (match && (r.postData() ?? "").includes("send")) sessions.push(match[1]);
    });
    await input(page, lang).fill("Hola");
    await sendButton(page, lang).click();
    await expect(assistantBubbles(page)).toHaveCount(1);

    // The confirm step: opening it deletes nothing; cancelling closes it.
    await page.getByText(t(lang, "chat.clear.open")).click();
    await expect(page.getByText(t(lang, "chat.clear.question"))).toBeVisible();
    await page.getByRole("button", { name: t(lang, "chat.clear.cancel") }).click();
    await expect(page.getByText(t(lang, "chat.clear.question"))).toBeHidden();
    await expect(userBubbles(page)).toHaveCount(1);

    await page.getByText(t(lang, "chat.clear.open")).click();
    const cleared = page.waitForResponse((r) => chatPost(r.url()) && (r.request().postData() ?? "").includes("clear"));
    await page.getByRole("button", { name: t(lang, "chat.clear.confirm") }).click();
    expect((await cleared).status()).toBe(200);
    await expect(userBubbles(page)).toHaveCount(0);
    await expect(assistantBubbles(page)).toHaveCount(0);
    await expect(page.getByText(t(lang, "chat.cleared"))).toBeVisible();
    await expect(page.getByRole("button", { name: t(lang, "chat.suggestions.products") })).toBeVisible();
    await expect(input(page, lang)).toBeFocused();

    await input(page, lang).fill("Hola otra vez");
    await input(page, lang).press("Enter");
    await expect(assistantBubbles(page)).toHaveCount(1);
    expect(sessions).toHaveLength(2);
    expect(sessions[1]).not.toBe(sessions[0]);
  });

  for (const lang of LANGS) {
    test(`§8 in ${lang}: a server failure shows the banner and the in-chat error with the support phone`, async ({
      page,
      request,
    }) => {
      const company = await apiCompany(request, lang);
      await gotoHydrated(page, `/${lang}/chat`);
      // First the server's own error field, then a failure with no usable answer at all.
      await page.route(
        (url) => chatPost(url.toString()),
        (route) =>
          route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ ok: false, error: "chat.errors.unavailable" }),
          }),
      );
      await input(page, lang).fill("Hola");
      await input(page, lang).press("Enter");
      await expect(page.getByRole("alert").filter({ hasText: t(lang, "chat.errors.unavailable") })).toBeVisible();
      const errorBubble = page.locator("[data-chat-error]");
      await expect(errorBubble).toHaveCount(1);
      await expect(errorBubble).toContainText(t(lang, "chat.errors.inChat", { phone: company.att_phone }));

      await page.unroute((url) => chatPost(url.toString()));
      await page.route(
        (url) => chatPost(url.toString()),
        (route) => route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Internal error</h1>" }),
      );
      await input(page, lang).fill("Otra vez");
      await input(page, lang).press("Enter");
      await expect(page.getByRole("alert")).toHaveText(t(lang, "chat.errors.failed"));
      await expect(errorBubble).toHaveCount(2);
      await expect(input(page, lang)).toBeEnabled();
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("§2.20 without JavaScript: the chat is a form that posts and shows the conversation; clear confirms", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const lang = "es";
    await page.goto(`/${lang}/chat`);
    // A suggestion is sent as the message.
    await page.getByRole("button", { name: t(lang, "chat.suggestions.shipping"), exact: true }).click();
    await expect(page).toHaveURL(/\/es\/chat\?session=[0-9a-f-]{36}#latest$/);
    await expect(userBubbles(page)).toHaveText([
      new RegExp(t(lang, "chat.suggestions.shipping").replace(/[?¿]/g, ".")),
    ]);
    await expect(assistantBubbles(page).first()).toContainText(`${SHIPPING_RATE_CUP_PER_KM.standard} CUP por km`);

    await input(page, lang).fill(QUESTIONS.es.rice);
    await sendButton(page, lang).click();
    await expect(assistantBubbles(page)).toHaveCount(2);
    await expect(assistantBubbles(page).nth(1).getByRole("link").first()).toHaveAttribute(
      "href",
      /^\/es\/product\/\d+$/,
    );
    const url = page.url();

    // A blank message (the browser's own check bypassed) is refused by the server, with the banner.
    await input(page, lang).evaluate((el) => el.removeAttribute("required"));
    await sendButton(page, lang).click();
    await expect(page.getByRole("alert")).toHaveText(t(lang, "chat.errors.blank"));
    await expect(assistantBubbles(page)).toHaveCount(2);

    await page.getByText(t(lang, "chat.clear.open")).click();
    await page.getByRole("button", { name: t(lang, "chat.clear.confirm") }).click();
    await expect(page).toHaveURL(`/${lang}/chat`);
    await expect(userBubbles(page)).toHaveCount(0);
    // The old conversation is gone: its address shows an empty chat.
    await page.goto(url);
    await expect(userBubbles(page)).toHaveCount(0);
    await context.close();
  });
});
