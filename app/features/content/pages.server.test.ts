import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deliveryEstimate } from "~/features/shipping/shipping";
import { createT } from "~/i18n/i18n";
import { LANGUAGES, type Language } from "~/i18n/languages";
import { getMessages } from "~/i18n/messages.server";
import { formatPrice } from "~/utils/money";
import { parseFrontMatter } from "./page-front-matter.server";
import { htmlToText } from "./page-markdown.server";
import { PLACEHOLDERS } from "./page-placeholders.server";
import {
  type ContactFacts,
  HELP_GROUP_IDS,
  STATIC_PAGES,
  contentPagesDir,
  loadHelpCenter,
  loadStaticPage,
  renderHelpCenter,
  renderStaticPage,
} from "./pages.server";
import type * as PolicyModule from "./policy";
import {
  DEFECT_REPORT_HOURS,
  EXPRESS_CUTOFF_HOUR,
  FREE_SHIPPING_MIN_CENTS,
  MIN_WARRANTY_DAYS,
  REFUSED_CUP_BILLS,
  SHIPPING_RATE_CUP_PER_KM,
  WHOLESALE_MIN_UNITS,
} from "./policy";

const COMPANY: ContactFacts = { name: "Tienda Cuba", support_email: "soporte@tienda.cu", att_phone: "+53 7 800 1234" };
const READING_PAGES = ["about-us", "privacy-policy", "terms-of-service"] as const;

const t = (lang: Language) => createT(getMessages(lang), lang);
const cup = (n: number) => `${n} CUP`;
const hours = { es: "horas", en: "hours" } as const;
const days = { es: "días", en: "days" } as const;
const textOf = (html: string) => htmlToText(html).replace(/\s+/g, " ");
const page = (text: string, lang: Language = "es", company: ContactFacts | null = COMPANY) => ({
  text,
  file: "test.md",
  lang,
  company,
});
const FRONT = "---\ntitle: Prueba\ndescription: Una página de prueba.\n---\n";

describe("static page files (§2.18)", () => {
  it("every page exists in es and en and renders: title, meta description, no placeholder left", async () => {
    for (const lang of LANGUAGES) {
      for (const name of READING_PAGES) {
        const content = await loadStaticPage(name, lang, COMPANY);
        expect(content.title.length, `${name}.${lang} title`).toBeGreaterThan(3);
        // A meta description search engines show whole (Lighthouse SEO: present and meaningful).
        expect(content.description.length, `${name}.${lang} description`).toBeGreaterThan(50);
        expect(content.description.length, `${name}.${lang} description`).toBeLessThanOrEqual(170);
        expect(content.html).toContain("<h2");
        expect(content.html).not.toMatch(/\{\{|\}\}|[\uE000\uE001]|<h1/);
      }
      const help = await loadHelpCenter(lang, COMPANY);
      expect(JSON.stringify(help)).not.toMatch(/\{\{|\}\}|\\ue000|\\ue001/i);
    }
  });

  it("privacy policy and terms carry a last-updated date and the support email as a mailto link", async () => {
    for (const lang of LANGUAGES) {
      for (const name of ["privacy-policy", "terms-of-service"] as const) {
        const content = await loadStaticPage(name, lang, COMPANY);
        expect(content.lastUpdated?.iso, `${name}.${lang}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(content.lastUpdated?.label).toMatch(/\d{4}/);
        expect(content.html).toContain('<a href="mailto:soporte@tienda.cu">soporte@tienda.cu</a>');
      }
      // Both languages of a page were revised together.
      const [es, en] = await Promise.all(LANGUAGES.map((l) => loadStaticPage("privacy-policy", l, COMPANY)));
      expect(es.lastUpdated?.iso).toBe(en.lastUpdated?.iso);
    }
  });

  it("about us has the story, the mission and the three values (quality, community, innovation)", async () => {
    const headings = {
      es: ["Nuestra historia", "Nuestra misión", "Calidad", "Comunidad", "Innovación"],
      en: ["Our story", "Our mission", "Quality", "Community", "Innovation"],
    };
    for (const lang of LANGUAGES) {
      const { html } = await loadStaticPage("about-us", lang, COMPANY);
      for (const heading of headings[lang]) expect(html).toMatch(new RegExp(`<h[23]>${heading}</h[23]>`));
      expect(html).toContain("mailto:soporte@tienda.cu");
    }
  });

  it("the privacy policy lists the cookies the code really sets (D6) and how to delete an account", async () => {
    const { ACCESS_COOKIE, REFRESH_COOKIE } = await import("~/features/accounts/session.server");
    const { DRAFT_COOKIE } = await import("~/features/checkout/draft.server");
    const { FLASH_COOKIE } = await import("~/features/accounts/flash.server");
    const { CURRENCY_COOKIE } = await import("~/utils/cookies");
    const { GUEST_CART_KEY } = await import("~/features/cart/components/guest-cart");
    const { RECENTLY_VIEWED_KEY } = await import("~/features/catalog/components/recently-viewed");
    for (const lang of LANGUAGES) {
      const { html } = await loadStaticPage("privacy-policy", lang, COMPANY);
      const names = [...html.matchAll(/<code>([^<]+)<\/code>/g)].map((m) => m[1]);
      for (const name of [ACCESS_COOKIE, REFRESH_COOKIE, CURRENCY_COOKIE, DRAFT_COOKIE, FLASH_COOKIE]) {
        expect(names, `${lang}: cookie ${name}`).toContain(name);
      }
      expect(names).toContain(GUEST_CART_KEY);
      expect(names).toContain(RECENTLY_VIEWED_KEY);
      expect(textOf(html)).toMatch(lang === "es" ? /eliminar tu cuenta/i : /delete your account/i);
    }
  });
});

describe("help centre (§2.18)", () => {
  it("has the four groups of the tiles, in order, with three answered questions each", async () => {
    for (const lang of LANGUAGES) {
      const help = await loadHelpCenter(lang, COMPANY);
      expect(help.groups.map((g) => g.id)).toEqual([...HELP_GROUP_IDS]);
      for (const group of help.groups) {
        expect(group.title.length).toBeGreaterThan(3);
        expect(group.questions, `${lang} ${group.id}`).toHaveLength(3);
        for (const q of group.questions) {
          expect(q.question).toMatch(/\?$/);
          expect(q.answerHtml).toMatch(/^<(p|ul|ol)>/);
          expect(q.answerText.length).toBeGreaterThan(40);
          expect(q.answerText).not.toMatch(/<[a-z]/);
        }
      }
    }
  });

  it("quotes the checkout's figures: rates, free-delivery threshold, cut-off, estimates, bills (D14–D16, D22)", async () => {
    for (const lang of LANGUAGES) {
      const help = await loadHelpCenter(lang, COMPANY);
      const shipping = textOf(
        help.groups
          .find((g) => g.id === "shipping")!
          .questions.map((q) => q.answerHtml)
          .join(""),
      );
      expect(shipping).toContain(`${cup(SHIPPING_RATE_CUP_PER_KM.standard)} ${lang === "es" ? "por" : "per"} km`);
      expect(shipping).toContain(`${cup(SHIPPING_RATE_CUP_PER_KM.express)} ${lang === "es" ? "por" : "per"} km`);
      expect(shipping).toContain(formatPrice(FREE_SHIPPING_MIN_CENTS / 100, "USD", 1, lang));
      expect(shipping).toContain(`${EXPRESS_CUTOFF_HOUR}:00`);
      // D16: the very words of checkout, the invoice and the emails.
      expect(shipping).toContain(deliveryEstimate(t(lang), "standard"));
      expect(shipping).toContain(deliveryEstimate(t(lang), "express"));
      const bills = REFUSED_CUP_BILLS.join(", ").replace(/, (\d+)$/, lang === "es" ? " y $1" : " and $1");
      expect(shipping).toContain(`${bills} CUP`);

      const orders = textOf(help.groups[0].questions.map((q) => q.answerHtml).join(""));
      expect(orders).toContain(`${WHOLESALE_MIN_UNITS} ${lang === "es" ? "unidades" : "or more units"}`);

      const returns = textOf(
        help.groups
          .find((g) => g.id === "returns")!
          .questions.map((q) => q.answerHtml)
          .join(""),
      );
      expect(returns).toContain(`${DEFECT_REPORT_HOURS} ${hours[lang]}`);
      expect(returns).toContain(`${MIN_WARRANTY_DAYS} ${days[lang]}`);
      expect(returns).toContain("soporte@tienda.cu");
      expect(returns).toContain("+53 7 800 1234");
    }
  });

  it("the terms of service quote the same figures as the help centre (one policy everywhere)", async () => {
    for (const lang of LANGUAGES) {
      const terms = textOf((await loadStaticPage("terms-of-service", lang, COMPANY)).html);
      for (const figure of [
        cup(SHIPPING_RATE_CUP_PER_KM.standard),
        cup(SHIPPING_RATE_CUP_PER_KM.express),
        formatPrice(FREE_SHIPPING_MIN_CENTS / 100, "USD", 1, lang),
        `${EXPRESS_CUTOFF_HOUR}:00`,
        `${DEFECT_REPORT_HOURS} ${hours[lang]}`,
        `${MIN_WARRANTY_DAYS} ${days[lang]}`,
        deliveryEstimate(t(lang), "standard"),
        deliveryEstimate(t(lang), "express"),
      ]) {
        expect(terms, `${lang}: ${figure}`).toContain(figure);
      }
    }
  });

  it("gives the assistant plain text with the site's links kept as [label](/path)", async () => {
    const help = await loadHelpCenter("es", COMPANY);
    const cancel = help.groups[0].questions[1];
    expect(cancel.answerText).toContain("[Tus pedidos](/es/orders)");
    expect(cancel.answerHtml).toContain('<a href="/es/orders">Tus pedidos</a>');
  });

  it("points to the chat when the company info is not set yet", async () => {
    const help = await loadHelpCenter("en", null);
    const defective = help.groups.find((g) => g.id === "returns")!.questions[1];
    expect(defective.answerHtml).toContain('<a href="/en/chat">our customer-service chat</a>');
    expect(defective.answerHtml).not.toContain("mailto:");
  });
});

describe("no figure typed by hand, no 30-day money-back claim (D21)", () => {
  const files = readdirSync(contentPagesDir()).filter((f) => f.endsWith(".md") && f !== "README.md");

  it("the content files write every policy figure as a placeholder", () => {
    expect(files).toHaveLength(STATIC_PAGES.length * LANGUAGES.length);
    const typed = [
      new RegExp(`\\b${SHIPPING_RATE_CUP_PER_KM.standard}\\s*CUP`),
      new RegExp(`\\b${SHIPPING_RATE_CUP_PER_KM.express}\\s*CUP`),
      new RegExp(
        `\\$\\s*${FREE_SHIPPING_MIN_CENTS / 100}\\b|\\b${FREE_SHIPPING_MIN_CENTS / 100}(\\.00)?\\s*(USD|dólares|dollars)`,
      ),
      new RegExp(`\\b${EXPRESS_CUTOFF_HOUR}[:.]00|\\b${EXPRESS_CUTOFF_HOUR}\\s*h\\b`),
      new RegExp(`\\b${DEFECT_REPORT_HOURS}\\s*(h|horas|hours)\\b`),
      new RegExp(`\\b${MIN_WARRANTY_DAYS}\\s*(días|days)\\b`),
      new RegExp(`\\b${REFUSED_CUP_BILLS.slice(0, -1).join(",\\s*")}\\b`),
      new RegExp(`\\b${WHOLESALE_MIN_UNITS}\\s*(unidades|units|or more)`),
    ];
    for (const file of files) {
      const text = readFileSync(path.join(contentPagesDir(), file), "utf8");
      for (const re of typed)
        expect(text, `${file} types a figure by hand (${re}): use its {{placeholder}}`).not.toMatch(re);
    }
  });

  it("neither the pages nor the message catalogues promise 30-day returns or money back", () => {
    const claim = /30[\s-]*(días|dias|days?)\b|money[\s-]*back|devoluci[oó]n del dinero|reembolso garantizado/i;
    const i18nDir = path.resolve(contentPagesDir(), "../../app/i18n");
    const sources = [
      ...files.map((f) => path.join(contentPagesDir(), f)),
      ...readdirSync(i18nDir)
        .filter((f) => f.endsWith(".ts"))
        .map((f) => path.join(i18nDir, f)),
      ...readdirSync(path.join(i18nDir, "parts")).map((f) => path.join(i18nDir, "parts", f)),
    ];
    expect(sources.length).toBeGreaterThan(10);
    for (const file of sources) {
      const line = readFileSync(file, "utf8")
        .split("\n")
        .find((l) => claim.test(l));
      expect(line, `${path.basename(file)} makes a 30-day or money-back claim`).toBeUndefined();
    }
  });
});

describe("placeholders and Markdown", () => {
  it("lists the documented placeholders, each in content/pages/README.md", () => {
    const readme = readFileSync(path.join(contentPagesDir(), "README.md"), "utf8");
    for (const name of PLACEHOLDERS) expect(readme, name).toContain(`{{${name}}}`);
  });

  it("an unknown or malformed placeholder is an error, never rendered", () => {
    expect(() => renderStaticPage("about-us", page(`${FRONT}Envío desde {{freeShipingMin}}.`))).toThrow(
      /unknown placeholder \{\{freeShipingMin\}\}/,
    );
    expect(() => renderStaticPage("about-us", page(`${FRONT}Envío desde {{freeShippingMin}.`))).toThrow(/malformed/);
    expect(() => renderStaticPage("about-us", page(`${FRONT}[escríbenos](mailto:{{supportEmail}})`))).toThrow(
      /link address/,
    );
    const filled = renderStaticPage("about-us", page(`${FRONT}Desde {{ freeShippingMin }}.`, "en"));
    expect(filled.html).toBe("<p>Desde $50.00.</p>\n");
  });

  it("escapes the company info from the database and never reads it as Markdown", () => {
    const hostile: ContactFacts = {
      name: "<img src=x onerror=alert(1)>",
      support_email: 'a_b_c@x.cu"><script>',
      att_phone: "+53 *5* 123",
    };
    const { html } = renderStaticPage(
      "about-us",
      page(`${FRONT}{{storeName}}: {{supportEmail}} o {{supportPhone}}`, "es", hostile),
    );
    expect(html).not.toMatch(/<img|<script|<em>/);
    expect(html).toContain("&#60;img src=x onerror=alert(1)&#62;");
    expect(html).toContain('<a href="mailto:a_b_c@x.cu&#34;&#62;&#60;script&#62;">');
    expect(html).toContain('<a href="tel:+535123">+53 *5* 123</a>');
  });

  it("reads the front matter and refuses a file without one, or with a bad date", () => {
    const { meta, body } = parseFrontMatter(
      `---\ntitle: "Hola: mundo"\ndescription: d\nlastUpdated: 2026-02-28\n---\nTexto`,
      "f.md",
    );
    expect(meta).toEqual({ title: "Hola: mundo", description: "d", lastUpdated: "2026-02-28" });
    expect(body).toBe("Texto");
    expect(() => parseFrontMatter("Sin bloque", "f.md")).toThrow(/--- block/);
    expect(() => parseFrontMatter("---\ntitle: t\n---\n", "f.md")).toThrow(/description/);
    expect(() => parseFrontMatter("---\ntitle: t\ndescription: d\nlastUpdated: 2026-02-30\n---\n", "f.md")).toThrow(
      /YYYY-MM-DD/,
    );
    expect(() => parseFrontMatter("---\ntitle: t\ndescription: d\nautor: x\n---\n", "f.md")).toThrow(/unknown field/);
    expect(() => renderStaticPage("about-us", page(`${FRONT}# Otro título`))).toThrow(/start sections with ##/);
  });

  it("gives a heading its {#anchor}", () => {
    const { html } = renderStaticPage("about-us", page(`${FRONT}## Envíos {#envios}\n\nTexto`));
    expect(html).toContain('<h2 id="envios">Envíos</h2>');
  });

  it("refuses a help centre whose groups are not the four of the tiles", () => {
    const q = "### ¿Pregunta?\n\nRespuesta.\n\n";
    expect(() => renderHelpCenter(page(`${FRONT}## Pedidos\n\n${q}`))).toThrow(/needs one of/);
    expect(() => renderHelpCenter(page(`${FRONT}## Pedidos {#orders}\n\n${q}## Otra vez {#orders}\n\n${q}`))).toThrow(
      /twice/,
    );
    expect(() => renderHelpCenter(page(`${FRONT}## Pedidos {#orders}\n\nSuelto\n\n${q}`))).toThrow(/before its first/);
    expect(() => renderHelpCenter(page(`${FRONT}## Pedidos {#orders}\n\n### ¿Sin respuesta?\n`))).toThrow(/no answer/);
    const ok = renderHelpCenter(page(`${FRONT}Hola.\n\n## Pedidos {#orders}\n\n${q}`));
    expect(ok.introHtml).toBe("<p>Hola.</p>\n");
    expect(ok.groups).toEqual([
      {
        id: "orders",
        title: "Pedidos",
        questions: [
          { id: "orders-1", question: "¿Pregunta?", answerText: "Respuesta.", answerHtml: "<p>Respuesta.</p>\n" },
        ],
      },
    ]);
  });
});

describe("a changed constant changes the pages (no copy of a figure anywhere)", () => {
  afterEach(() => {
    vi.doUnmock("~/features/content/policy");
    vi.resetModules();
  });

  it("follows policy.ts", async () => {
    vi.resetModules();
    vi.doMock("~/features/content/policy", async (importOriginal) => ({
      ...(await importOriginal<typeof PolicyModule>()),
      SHIPPING_RATE_CUP_PER_KM: { standard: 95, express: 170 },
      FREE_SHIPPING_MIN_CENTS: 6500,
      EXPRESS_CUTOFF_HOUR: 13,
      DEFECT_REPORT_HOURS: 48,
      MIN_WARRANTY_DAYS: 30,
    }));
    const fresh = await import("./pages.server");
    const help = textOf(
      (await fresh.loadHelpCenter("es", COMPANY)).groups.flatMap((g) => g.questions.map((q) => q.answerHtml)).join(""),
    );
    expect(help).toContain("95 CUP por km");
    expect(help).toContain("170 CUP por km");
    expect(help).toContain("$65.00");
    expect(help).toContain("13:00");
    expect(help).toContain("48 horas");
    // (14:00 may still appear inside the express estimate: that is the invoice's message, see the report.)
    expect(help).not.toMatch(/\b80 CUP|\$50\.00|24 horas|a partir de las 14:00/);
    const terms = textOf((await fresh.loadStaticPage("terms-of-service", "en", COMPANY)).html);
    expect(terms).toContain("95 CUP per km");
    expect(terms).toContain("48 hours");
  });
});
