import { type Page, expect, test } from "@playwright/test";
import {
  LANGS,
  USD_PRICE,
  apiBestsellers,
  apiCategories,
  apiCompany,
  apiLatest,
  apiSlides,
  exactly,
  gotoHydrated,
  hrefs,
  localizedName,
  parseUsd,
  t,
  waitForHydration,
} from "./support";

/** Spec §2.3-2.5 and D13 on the home page, in both languages. */

const INFO_PATHS = ["/chat", "/sell-with-us", "/about-us", "/help-center", "/privacy-policy", "/terms-of-service"];
const INFO_KEYS = [
  "links.chat",
  "links.sellWithUs",
  "links.aboutUs",
  "links.helpCenter",
  "links.privacyPolicy",
  "links.termsOfService",
] as const;

const TITLES = {
  es: "Tienda Cuba: compras en línea con entrega en Cuba",
  en: "Tienda Cuba: online shopping delivered in Cuba",
};

/** A `<details>` dropdown of the header, found by the text of its `<summary>`. */
function dropdown(page: Page, summaryText: string) {
  const summary = page.locator("summary", { hasText: summaryText });
  return { summary, details: page.locator("details", { has: summary }) };
}

for (const lang of LANGS) {
  const other = lang === "es" ? "en" : "es";

  test.describe(`home page /${lang}/`, () => {
    // Read-only checks share one page load per language (test.step names the part that fails).
    test("head, header, 'all' menu and category strip", async ({ page, request, baseURL }) => {
      const categories = await apiCategories(request);
      const response = await page.goto(`/${lang}/`);
      expect(response?.status()).toBe(200);

      await test.step("html lang, title, description, canonical and hreflang alternates", async () => {
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page).toHaveTitle(TITLES[lang]);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute(
          "content",
          t(lang, "meta.defaultDescription"),
        );

        const url = (l: string) => new URL(`/${l}/`, baseURL).href;
        await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url(lang));
        await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", url("es"));
        await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", url("en"));
        await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", url("es"));
        await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(3);
        await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          t(lang, "home.heading", { name: "Tienda Cuba" }),
        );
      });

      await test.step("header: logo, delivery label, search with categories, pickers, account menu, chat, no cart", async () => {
        const banner = page.getByRole("banner");

        const logo = banner.getByRole("link", { name: t(lang, "header.homeLink", { name: "Tienda Cuba" }) });
        await expect(logo).toHaveAttribute("href", `/${lang}/`);

        await expect(banner.getByText(t(lang, "header.deliverTo"), { exact: true })).toBeVisible();
        await expect(banner.getByText(t(lang, "header.deliveryCity"), { exact: true })).toBeVisible();

        // Search form (§2.3): 'All Categories' then every category by slug, names in the page language.
        const search = banner.getByRole("search");
        await expect(search).toHaveCount(1);
        await expect(search).toHaveAttribute("action", `/${lang}/search`);
        await expect(search.getByRole("searchbox", { name: t(lang, "header.search.label") })).toBeVisible();
        await expect(search.getByRole("button", { name: t(lang, "header.search.submit") })).toBeVisible();
        const select = search.getByRole("combobox", { name: t(lang, "header.search.category") });
        await expect(select).toHaveValue("all");
        const options = select.locator("option");
        expect(await options.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([
          "all",
          ...categories.map((c) => c.slug),
        ]);
        await expect(options).toHaveText([
          t(lang, "header.search.allCategories"),
          ...categories.map((c) => localizedName(c, lang)),
        ]);

        // Language picker: both languages, the current one marked.
        const language = dropdown(page, t(lang, "header.language.current", { language: t(lang, `language.${lang}`) }));
        await expect(language.summary).toBeVisible();
        await language.summary.click();
        await expect(language.details).toHaveAttribute("open", "");
        const current = language.details.getByRole("link", { name: t(lang, `language.${lang}`) });
        const target = language.details.getByRole("link", { name: t(lang, `language.${other}`) });
        await expect(current).toHaveAttribute("href", `/${lang}/`);
        await expect(current).toHaveAttribute("aria-current", "true");
        await expect(target).toHaveAttribute("href", `/${other}/`);
        await expect(target).toHaveAttribute("hreflang", other);
        await expect(target).not.toHaveAttribute("aria-current");
        await language.summary.click();

        // Currency picker: USD by default (D5), both currencies offered.
        const currency = dropdown(page, t(lang, "header.currency.current", { currency: t(lang, "currency.USD") }));
        await expect(currency.summary).toBeVisible();
        await currency.summary.click();
        await expect(currency.details.getByRole("button", { name: t(lang, "currency.USD") })).toHaveAttribute(
          "aria-pressed",
          "true",
        );
        await expect(currency.details.getByRole("button", { name: t(lang, "currency.CUP") })).toHaveAttribute(
          "aria-pressed",
          "false",
        );
        await currency.summary.click();

        // Signed-out account menu (§2.3): sign in and sign up only.
        const account = dropdown(page, t(lang, "header.account.label"));
        await expect(account.summary).toContainText(t(lang, "header.account.greeting"));
        await account.summary.click();
        await expect(account.details.getByRole("link", { name: t(lang, "header.account.signIn") })).toHaveAttribute(
          "href",
          `/${lang}/login`,
        );
        await expect(account.details.getByText(t(lang, "header.account.newCustomer"))).toBeVisible();
        await expect(account.details.getByRole("link", { name: t(lang, "header.account.startHere") })).toHaveAttribute(
          "href",
          `/${lang}/signup`,
        );
        await expect(account.details.getByRole("link")).toHaveCount(2);

        await expect(banner.getByRole("link", { name: t(lang, "header.chat") })).toHaveAttribute(
          "href",
          `/${lang}/chat`,
        );

        // Signed out: no cart link and none of the signed-in account links, anywhere on the page.
        await expect(
          page.locator('a[href*="/cart"], a[href*="/orders"], a[href*="/account"], a[href*="/wishlist"]'),
        ).toHaveCount(0);
        await expect(page.getByRole("link", { name: /carrito|cart|cesta|basket/i, includeHidden: true })).toHaveCount(
          0,
        );
        await expect(
          page.getByRole("button", { name: /cerrar sesión|log ?out|sign out/i, includeHidden: true }),
        ).toHaveCount(0);
        await account.summary.click();
      });

      await test.step("the 'all' menu (settings, departments, info links) and the category strip", async () => {
        const nav = page.getByRole("navigation", { name: t(lang, "header.mainNav") });

        // The strip, with the menu closed: one link per category, in order, names in the page language.
        const strip = nav.getByRole("link");
        await expect(strip).toHaveText(categories.map((c) => localizedName(c, lang)));
        expect(await hrefs(strip)).toEqual(categories.map((c) => `/${lang}/shop/${c.slug}`));
        // §2.3: name_en under /en/, name under /es/; the other language's names are nowhere.
        const translated = categories.filter((c) => c.name_en && c.name_en !== c.name);
        expect(translated.length, "the demo seed names categories in both languages").toBeGreaterThan(0);
        for (const category of translated) {
          await expect(
            page.getByRole("link", { name: localizedName(category, other), exact: true, includeHidden: true }),
          ).toHaveCount(0);
        }

        const summary = nav.locator("summary");
        await expect(summary).toHaveText(exactly(t(lang, "nav.all")));
        await summary.click();
        const menu = nav.locator("details");
        await expect(menu).toHaveAttribute("open", "");

        for (const key of ["nav.settings", "nav.departments", "nav.info"] as const) {
          await expect(menu.getByRole("heading", { name: t(lang, key), exact: true })).toBeVisible();
        }
        // Settings: the language links and the currency buttons.
        await expect(menu.getByRole("link", { name: t(lang, `language.${other}`) })).toHaveAttribute(
          "href",
          `/${other}/`,
        );
        await expect(menu.getByRole("button", { name: t(lang, "currency.CUP") })).toBeVisible();

        // Departments: every category, then 'all departments' to /{lang}/shop.
        for (const category of categories) {
          await expect(menu.getByRole("link", { name: localizedName(category, lang), exact: true })).toHaveAttribute(
            "href",
            `/${lang}/shop/${category.slug}`,
          );
        }
        await expect(menu.getByRole("link", { name: t(lang, "nav.allDepartments") })).toHaveAttribute(
          "href",
          `/${lang}/shop`,
        );

        // Info links, in the spec's order.
        const infoSection = menu
          .locator("section")
          .filter({ has: page.getByRole("heading", { name: t(lang, "nav.info") }) });
        const info = infoSection.getByRole("link");
        await expect(info).toHaveText(INFO_KEYS.map((key) => t(lang, key)));
        expect(await hrefs(info)).toEqual(INFO_PATHS.map((p) => `/${lang}${p}`));
      });
    });

    test("dropdowns close on an outside click and on Escape (§2.3)", async ({ page }) => {
      await gotoHydrated(page, `/${lang}/`);
      const language = dropdown(page, t(lang, "header.language.current", { language: t(lang, `language.${lang}`) }));
      const account = dropdown(page, t(lang, "header.account.label"));

      await language.summary.click();
      await expect(language.details).toHaveAttribute("open", "");
      await page.getByRole("heading", { level: 2, name: t(lang, "home.newArrivals.title") }).click();
      await expect(language.details).not.toHaveAttribute("open");

      // Opening another dropdown closes the first one.
      await language.summary.click();
      await account.summary.click();
      await expect(account.details).toHaveAttribute("open", "");
      await expect(language.details).not.toHaveAttribute("open");

      await page.keyboard.press("Escape");
      await expect(account.details).not.toHaveAttribute("open");
      await expect(account.summary).toBeFocused();
    });

    test("hero carousel: slides, arrows, dots and the WhatsApp button", async ({ page, request }) => {
      const slides = await apiSlides(request, lang);
      expect(slides.length, "the demo seed has several slides").toBeGreaterThan(1);
      await gotoHydrated(page, `/${lang}/`);

      const carousel = page.getByRole("region", { name: t(lang, "home.carousel.label") });
      await expect(carousel).toHaveAttribute("aria-roledescription", t(lang, "home.carousel.roledescription"));
      // Hovering pauses the automatic rotation, so what is read below stays put.
      await carousel.hover();

      const all = carousel.locator(`[aria-roledescription="${t(lang, "home.carousel.slide")}"]`);
      await expect(all).toHaveCount(slides.length);
      const shown = carousel.getByRole("group");
      await expect(shown).toHaveCount(1);

      const dots = carousel.getByRole("button", {
        name: new RegExp(`^${t(lang, "home.carousel.goTo", { n: "\\d+" })}$`),
      });
      await expect(dots).toHaveCount(slides.length);
      const slideOf = (n: number) => t(lang, "home.carousel.slideOf", { n, total: slides.length });

      // A dot shows its slide, with the server's title; the dot is marked current.
      for (const n of [1, slides.length]) {
        await carousel.getByRole("button", { name: t(lang, "home.carousel.goTo", { n }), exact: true }).click();
        await expect(shown).toHaveAttribute("aria-label", slideOf(n));
        await expect(shown.getByRole("heading", { level: 2 })).toHaveText(slides[n - 1].title);
        await expect(
          carousel.getByRole("button", { name: t(lang, "home.carousel.goTo", { n }), exact: true }),
        ).toHaveAttribute("aria-current", "true");
        await expect(carousel.locator('button[aria-current="true"]')).toHaveCount(1);
      }

      // Next from the last slide wraps to the first; previous from the first wraps to the last.
      await carousel.getByRole("button", { name: t(lang, "home.carousel.next") }).click();
      await expect(shown).toHaveAttribute("aria-label", slideOf(1));
      await carousel.getByRole("button", { name: t(lang, "home.carousel.next") }).click();
      await expect(shown).toHaveAttribute("aria-label", slideOf(2));
      await carousel.getByRole("button", { name: t(lang, "home.carousel.previous") }).click();
      await carousel.getByRole("button", { name: t(lang, "home.carousel.previous") }).click();
      await expect(shown).toHaveAttribute("aria-label", slideOf(slides.length));

      // The WhatsApp slide: a wa.me link built from phone_number and whatsapp_message.
      const index = slides.findIndex((s) => s.has_whatsapp);
      expect(index, "the demo seed has a WhatsApp slide").toBeGreaterThanOrEqual(0);
      const slide = slides[index];
      await carousel
        .getByRole("button", { name: t(lang, "home.carousel.goTo", { n: index + 1 }), exact: true })
        .click();
      const whatsapp = shown.getByRole("link", { name: t(lang, "home.carousel.whatsapp") });
      await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\//);
      const href = new URL((await whatsapp.getAttribute("href"))!);
      expect(href.pathname).toBe(`/${slide.phone_number.replace(/\D/g, "")}`);
      expect(href.searchParams.get("text")).toBe(slide.whatsapp_message);
      await expect(whatsapp).toHaveAttribute("target", "_blank");
      await expect(whatsapp).toHaveAttribute("rel", /noopener/);
      // Slides without a WhatsApp number have no such button.
      await expect(
        page.getByRole("link", { name: t(lang, "home.carousel.whatsapp"), includeHidden: true }),
      ).toHaveCount(slides.filter((s) => s.has_whatsapp).length);
    });

    test("category cards, product rows, service blurbs, deals and footer", async ({ page, request }) => {
      const [categories, latest, best, company] = await Promise.all([
        apiCategories(request),
        apiLatest(request, 6, lang),
        apiBestsellers(request, 6, lang),
        apiCompany(request, lang),
      ]);
      await page.goto(`/${lang}/`);

      await test.step("shop-by-category cards with subcategory thumbnails and 'see more'", async () => {
        const region = page.getByRole("region", { name: t(lang, "home.categories.title") });
        const cards = region.getByRole("article");
        await expect(cards).toHaveCount(categories.length);
        await expect(region.getByRole("heading", { level: 3 })).toHaveText(
          categories.map((c) => localizedName(c, lang)),
        );

        for (const category of categories) {
          const name = localizedName(category, lang);
          const card = cards.filter({ has: page.getByRole("heading", { name, exact: true }) });
          const seeMore = card.getByRole("link", {
            name: `${t(lang, "home.categories.seeMore")} ${t(lang, "home.categories.seeMoreOf", { name })}`,
          });
          await expect(seeMore).toHaveAttribute("href", `/${lang}/shop/${category.slug}`);
          const subs = category.sub_categories;
          if (subs.length > 1) {
            const thumbs = card.getByRole("listitem").getByRole("link");
            const shown = subs.slice(0, 4);
            await expect(thumbs).toHaveText(shown.map((s) => localizedName(s, lang)));
            expect(await hrefs(thumbs)).toEqual(shown.map((s) => `/${lang}/shop/${category.slug}/${s.slug}`));
          }
        }
      });

      await test.step("new arrivals and best sellers: 6 cards each and their 'see all' links", async () => {
        for (const [titleKey, products, path] of [
          ["home.newArrivals.title", latest, "/home-products/new-arrivals"],
          ["home.bestSellers.title", best, "/home-products/best-sellers"],
        ] as const) {
          const region = page.getByRole("region", { name: t(lang, titleKey) });
          const cards = region.getByRole("article");
          await expect(cards).toHaveCount(6);
          const links = cards.getByRole("link");
          expect(await hrefs(links)).toEqual(products.map((p) => `/${lang}/product/${p.id}`));
          for (const [i, product] of products.entries()) {
            await expect(links.nth(i)).toHaveAccessibleName(product.display_name);
          }
          await expect(region.getByRole("link", { name: t(lang, "home.seeAll") })).toHaveAttribute(
            "href",
            `/${lang}${path}`,
          );
        }
        // English names under /en/ (D3), Spanish under /es/.
        const first = latest.find((p) => p.name_en && p.name_en !== p.name)!;
        expect(first.display_name).toBe(lang === "en" ? first.name_en : first.name);
      });

      await test.step("three service blurbs and today's deals with sale badges", async () => {
        const services = page.getByRole("region", { name: t(lang, "home.services.label") });
        await expect(services.getByRole("heading", { level: 3 })).toHaveText([
          t(lang, "home.services.shipping.title"),
          t(lang, "home.services.quality.title"),
          t(lang, "home.services.support.title"),
        ]);

        // D13: products below their original price, biggest saving first, each with a sale badge.
        const deals = page.getByRole("region", { name: t(lang, "home.deals.title") });
        const cards = deals.getByRole("article");
        const count = await cards.count();
        expect(count).toBeGreaterThan(0);
        expect(count).toBeLessThanOrEqual(6);
        const savings: number[] = [];
        for (let i = 0; i < count; i++) {
          const card = cards.nth(i);
          const price = parseUsd(await card.getByText(USD_PRICE).first().innerText());
          const original = parseUsd(await card.locator("s").getByText(USD_PRICE).innerText());
          expect(price).toBeLessThan(original);
          const percent = Math.round((1 - price / original) * 100);
          await expect(card.getByText(t(lang, "product.discount", { percent }), { exact: true })).toHaveCount(1);
          await expect(card.getByText(`-${percent}%`, { exact: true })).toBeVisible();
          savings.push(Math.round((original - price) * 100));
        }
        expect(savings).toEqual([...savings].sort((a, b) => b - a));
      });

      await test.step("footer: company, social links, phone, email, info links and newsletter", async () => {
        const footer = page.getByRole("contentinfo");

        await expect(footer.getByRole("img", { name: t(lang, "footer.logo", { name: company.name }) })).toBeVisible();
        await expect(footer.getByText(company.description, { exact: true })).toBeVisible();

        const social = [
          ["footer.social.facebook", company.facebook_url],
          ["footer.social.twitter", company.twitter_url],
          ["footer.social.instagram", company.instagram_url],
          ["footer.social.linkedin", company.linkedin_url],
        ] as const;
        for (const [key, url] of social) {
          const link = footer.getByRole("link", { name: t(lang, key, { name: company.name }) });
          await expect(link).toHaveAttribute("href", url);
          await expect(link).toHaveAttribute("rel", /noopener/);
        }

        const phone = footer.getByRole("link", { name: company.att_phone });
        await expect(phone).toHaveAttribute("href", `tel:${company.att_phone.replace(/[^\d+]/g, "")}`);
        await expect(phone).toHaveAttribute("href", /^tel:\+?\d+$/);
        await expect(footer.getByRole("link", { name: company.support_email })).toHaveAttribute(
          "href",
          `mailto:${company.support_email}`,
        );

        const info = footer.getByRole("navigation", { name: t(lang, "footer.info") }).getByRole("link");
        await expect(info).toHaveText(INFO_KEYS.map((key) => t(lang, key)));
        expect(await hrefs(info)).toEqual(INFO_PATHS.map((p) => `/${lang}${p}`));

        await expect(footer.getByRole("heading", { name: t(lang, "newsletter.title") })).toBeVisible();
        await expect(footer.getByRole("textbox", { name: t(lang, "newsletter.email") })).toBeVisible();
        await expect(footer.getByRole("button", { name: t(lang, "newsletter.submit") })).toBeVisible();
      });
    });
  });
}

test.describe("header on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("every header menu opens inside the screen, one at a time", async ({ page }) => {
    await gotoHydrated(page, "/en/");
    const summaries = [
      t("en", "header.search.toggle"),
      t("en", "header.language.current", { language: "English" }),
      t("en", "header.currency.current", { currency: t("en", "currency.USD") }),
      t("en", "header.account.label"),
    ].map((text) => page.getByRole("banner").locator("summary", { hasText: text }));
    summaries.push(page.getByRole("navigation", { name: t("en", "header.mainNav") }).locator("summary"));

    for (const summary of summaries) {
      await expect(summary).toBeVisible();
      await summary.click();
      const details = page.locator("details[open]");
      await expect(details).toHaveCount(1);
      const panel = await details.locator(":scope > div").boundingBox();
      expect(panel!.x).toBeGreaterThanOrEqual(0);
      expect(panel!.x + panel!.width).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    }
  });
});

/**
 * With the page clock paused, hydration (which waits for the first paint: a frame and a timeout,
 * app/entry.client.tsx) needs the clock moved a little before the page is interactive.
 */
async function gotoPausedClock(page: Page, path: string) {
  await page.goto(path);
  await page.clock.runFor(100);
  await waitForHydration(page);
}

test.describe("hero carousel timing (§2.5, §9)", () => {
  test("advances every 10 seconds", async ({ page }) => {
    // The page's clock stands still unless the test moves it: no real waiting, no race.
    await page.clock.install({ time: new Date("2026-01-01T12:00:00Z") });
    await page.clock.pauseAt(new Date("2026-01-01T12:00:01Z"));
    await gotoPausedClock(page, "/es/");
    const carousel = page.getByRole("region", { name: t("es", "home.carousel.label") });
    const shown = carousel.getByRole("group");
    const total = await carousel.locator(`[aria-roledescription="${t("es", "home.carousel.slide")}"]`).count();
    const label = (await shown.getAttribute("aria-label"))!;
    const n = Number(label.split(" ")[0]);
    const next = (k: number) => t("es", "home.carousel.slideOf", { n: (k % total) + 1, total });
    await page.clock.runFor(9_900);
    await expect(shown).toHaveAttribute("aria-label", label);
    await page.clock.runFor(200);
    await expect(shown).toHaveAttribute("aria-label", next(n));
    await page.clock.runFor(10_000);
    await expect(shown).toHaveAttribute("aria-label", next(n + 1));
  });

  test("stays still under prefers-reduced-motion until the visitor presses play", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install({ time: new Date("2026-01-01T12:00:00Z") });
    await page.clock.pauseAt(new Date("2026-01-01T12:00:01Z"));
    await gotoPausedClock(page, "/es/");
    const carousel = page.getByRole("region", { name: t("es", "home.carousel.label") });
    const shown = carousel.getByRole("group");
    const label = (await shown.getAttribute("aria-label"))!;
    await expect(carousel.getByRole("button", { name: t("es", "home.carousel.play") })).toBeVisible();
    await page.clock.runFor(25_000);
    await expect(shown).toHaveAttribute("aria-label", label);
    // Resuming (the play button) starts the rotation.
    await carousel.getByRole("button", { name: t("es", "home.carousel.play") }).click();
    await expect(carousel.getByRole("button", { name: t("es", "home.carousel.pause") })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.locator("body").evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(10_100);
    await expect(shown).not.toHaveAttribute("aria-label", label);
  });
});

test.describe("recently viewed (D13)", () => {
  for (const lang of LANGS) {
    test(`/${lang}/: hidden while the list is empty`, async ({ page }) => {
      await gotoHydrated(page, `/${lang}/`);
      // Hydrated: the section would have rendered by now if it were going to.
      await expect(page.getByRole("region", { name: t(lang, "home.newArrivals.title") })).toBeVisible();
      await expect(
        page.getByRole("heading", { name: t(lang, "home.recentlyViewed.title"), includeHidden: true }),
      ).toHaveCount(0);
    });

    test(`/${lang}/: shows the stored products, newest first`, async ({ page, request }) => {
      const products = await apiLatest(request, 2, lang);
      // Stored newest first: put the API's second product first to check the order is kept.
      const ids = [products[1].id, products[0].id];
      await page.addInitScript((stored) => window.localStorage.setItem("recently_viewed", stored), JSON.stringify(ids));
      await page.goto(`/${lang}/`);
      const region = page.getByRole("region", { name: t(lang, "home.recentlyViewed.title") });
      await expect(region.getByRole("article")).toHaveCount(2);
      const links = region.getByRole("article").getByRole("link");
      expect(await hrefs(links)).toEqual(ids.map((id) => `/${lang}/product/${id}`));
      await expect(links.first()).toHaveAccessibleName(products[1].display_name);
      await expect(links.last()).toHaveAccessibleName(products[0].display_name);
    });
  }

  test("stays hidden when the stored ids match no product", async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("recently_viewed", "[999999, 888888]"));
    const answered = page.waitForResponse((r) => r.url().includes("/es/recently-viewed"));
    await page.goto("/es/");
    const response = await answered;
    expect(await response.json()).toEqual([]);
    await waitForHydration(page);
    await expect(
      page.getByRole("heading", { name: t("es", "home.recentlyViewed.title"), includeHidden: true }),
    ).toHaveCount(0);
  });
});
