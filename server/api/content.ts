/**
 * Content calls of spec §7.1 and decision “Newsletter”: carousel slides, company information and the newsletter.
 * Thin adapters over `~/features/content`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "~/db/client.server";
import { getCompanyInfo, getSlides } from "~/features/content/content.server";
import { subscribeNewsletter } from "~/features/content/newsletter.server";
import { NewsletterSchema } from "~/features/content/schemas";
import { parseLanguage } from "~/i18n/languages";
import {
  LangQuery,
  LanguageField,
  apiMessage,
  createRouter,
  errorResponse,
  jsonContent,
  requireJson,
  setPublicCache,
} from "./http";
import { CompanyInfoSchema, SlideSchema } from "./wire-schemas";
import { textInput } from "~/utils/text";

const tags = ["content"];

const slidesRoute = createRoute({
  method: "get",
  path: "/api/carousel_slide/get-slides",
  tags,
  summary: "Active home carousel slides, in order",
  request: { query: z.object({ lang: LangQuery }) },
  responses: {
    200: jsonContent(z.object({ slides: z.array(SlideSchema) }), "Slides (title and subtitle localised, D3)"),
  },
});

/**
 * The spec names the call but not its body; we answer `{ "company_info": {...} }` so that the
 * record sits under one key like every other §7.1 response.
 */
const companyInfoRoute = createRoute({
  method: "get",
  path: "/api/info/company-info",
  tags,
  summary: "The company record of §3 (footer, about us, sell with us)",
  request: { query: z.object({ lang: LangQuery }) },
  responses: {
    200: jsonContent(z.object({ company_info: CompanyInfoSchema }), "The company record, with live counts"),
    404: errorResponse("The operator has not set the company record yet"),
  },
});

const newsletterRoute = createRoute({
  method: "post",
  path: "/api/newsletter/subscribe",
  tags,
  summary: "Subscribe an address to the newsletter (D25)",
  middleware: [requireJson] as const,
  request: {
    query: z.object({ lang: LangQuery }),
    body: {
      content: {
        "application/json": {
          schema: NewsletterSchema.extend({ language: LanguageField }).openapi("NewsletterRequest"),
        },
      },
      required: true,
    },
  },
  responses: {
    201: jsonContent(z.object({ detail: textInput() }), "Thanks (also when the address was already subscribed)"),
    400: errorResponse("Invalid email"),
    413: errorResponse("Body over 64 KB"),
    415: errorResponse("Not a JSON body"),
  },
});

/** Routes of the content group. */
export function createContentRoutes(deps: { db: Db }) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(slidesRoute, async (c) => {
    const slides = await getSlides(db, parseLanguage(c.req.valid("query").lang));
    setPublicCache(c);
    return c.json({ slides }, 200);
  });

  app.openapi(companyInfoRoute, async (c) => {
    const info = await getCompanyInfo(db, parseLanguage(c.req.valid("query").lang));
    if (!info) return c.json({ error: "Company info not found" }, 404);
    setPublicCache(c);
    return c.json({ company_info: info }, 200);
  });

  app.openapi(newsletterRoute, async (c) => {
    const { email, language } = c.req.valid("json");
    const lang = parseLanguage(language ?? c.req.valid("query").lang);
    await subscribeNewsletter(db, email, lang);
    // decision “Newsletter”: an address already stored is thanked the same way (and nothing reveals it was).
    return c.json({ detail: apiMessage(lang, "newsletter.thanks") }, 201);
  });

  return app;
}
