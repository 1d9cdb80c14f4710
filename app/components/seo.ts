import type { MetaDescriptor } from "react-router";
import { type TFunction, createT } from "~/i18n/i18n";
import { LANGUAGES } from "~/i18n/languages";
import { languageOfPath } from "~/i18n/links";
import type { RootData } from "./root-data";

type MetaArgsLike = {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
};

/** The root loader's data from a meta function's matches. */
export function rootDataFromMatches(args: MetaArgsLike): RootData | undefined {
  return args.matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
}

/** A `t` for meta functions (they run outside React, on the server and after navigations). */
export function metaT(args: MetaArgsLike): TFunction {
  const root = rootDataFromMatches(args);
  return createT(root?.messages, root?.lang ?? "es");
}

const OG_LOCALES = { es: "es_CU", en: "en_US" } as const;

/**
 * Title, description, canonical URL, hreflang alternates (es, en, x-default = es) and Open Graph
 * basics for one page. URLs are absolute, from PUBLIC_URL. Pages that should not be indexed (404,
 * empty search results, reserved pages) pass `noIndex` and get neither canonical nor alternates.
 * `query` is the part of the query string that names the page's content (a search's q, category
 * and page; docs/decisions/002), kept in the canonical and alternate URLs.
 */
export function pageMeta(
  args: MetaArgsLike,
  opts: { title: string; description?: string; noIndex?: boolean; fullTitle?: boolean; query?: string },
): MetaDescriptor[] {
  const root = rootDataFromMatches(args);
  const t = metaT(args);
  const siteName = root?.company?.name || t("site.name");
  const title = opts.fullTitle ? opts.title : `${opts.title} | ${siteName}`;
  const description = opts.description ?? t("meta.defaultDescription");
  const lang = root?.lang ?? "es";
  const base = root?.publicUrl ?? "";
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: OG_LOCALES[lang] },
    { property: "og:image", content: `${base}/og-image.png` },
  ];
  const pathLang = languageOfPath(args.location.pathname);
  if (opts.noIndex || !pathLang) {
    tags.push({ name: "robots", content: "noindex" });
    return tags;
  }
  const rest = args.location.pathname.slice(3) || "/";
  const query = opts.query ? `?${opts.query}` : "";
  const url = (l: string) => `${base}/${l}${rest}${query}`;
  tags.push(
    { property: "og:url", content: url(lang) },
    { tagName: "link", rel: "canonical", href: url(lang) },
    ...LANGUAGES.map((l) => ({ tagName: "link" as const, rel: "alternate", hrefLang: l, href: url(l) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: url("es") },
  );
  return tags;
}
