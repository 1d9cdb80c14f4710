import { appContext } from "~/context";
import { getCategories } from "~/features/catalog/categories.server";
import { getProductIdsForSitemap } from "~/features/catalog/catalog.server";
import { LANGUAGES } from "~/i18n/languages";
import type { Route } from "./+types/sitemap-xml";

/** Public pages without data of their own (§2.2 static pages and listings). */
const STATIC_PAGES = [
  "/",
  "/shop",
  "/home-products/new-arrivals",
  "/home-products/best-sellers",
  "/about-us",
  "/privacy-policy",
  "/terms-of-service",
  "/help-center",
  "/sell-with-us",
  "/chat",
];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * `/sitemap.xml`: home, shop, every category and subcategory, every product and the static pages,
 * in both languages, each with its hreflang alternates (es, en, x-default = es).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, publicUrl } = context.get(appContext);
  const [categories, products] = await Promise.all([getCategories(db, "es"), getProductIdsForSitemap(db)]);

  const pages: Array<{ path: string; lastmod?: string }> = STATIC_PAGES.map((path) => ({ path }));
  for (const category of categories) {
    pages.push({ path: `/shop/${category.slug}` });
    for (const sub of category.sub_categories) pages.push({ path: `/shop/${category.slug}/${sub.slug}` });
  }
  for (const product of products) {
    pages.push({ path: `/product/${product.id}`, lastmod: new Date(product.updatedAt).toISOString().slice(0, 10) });
  }

  const url = (lang: string, path: string) => escapeXml(`${publicUrl}/${lang}${path === "/" ? "/" : path}`);
  const entries = pages.flatMap(({ path, lastmod }) =>
    LANGUAGES.map((lang) =>
      [
        "<url>",
        `<loc>${url(lang, path)}</loc>`,
        lastmod ? `<lastmod>${lastmod}</lastmod>` : "",
        ...LANGUAGES.map((alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${url(alt, path)}"/>`),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${url("es", path)}"/>`,
        "</url>",
      ].join(""),
    ),
  );
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
  ].join("\n");

  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
