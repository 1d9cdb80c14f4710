import { Breadcrumb } from "~/components/breadcrumb";
import { SearchIcon } from "~/components/icons";
import { LocaleLink } from "~/components/locale-link";
import { Pagination } from "~/components/pagination";
import { CARD_SIZES, ProductCard, toCardData } from "~/components/product-card";
import { useRootData } from "~/components/root-data";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { PAGE_SIZE } from "~/features/catalog/types";
import { UnknownCategoryError, searchProducts } from "~/features/search/search.server";
import { localePath } from "~/i18n/links";
import { localizedName } from "~/i18n/localized-name";
import { requireLanguage } from "~/i18n/require-language";
import { useLang, useT } from "~/i18n/use-t";
import type { Route } from "./+types/search";

/**
 * Search results (§2.12, D12): `?q=&category=&p=`. A blank query shows the start state (the header
 * ignores blank queries with JavaScript; without it the form still lands here). Issue 3 adds the
 * filters and the list view.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db } = context.get(appContext);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim();
  let category = (url.searchParams.get("category") ?? "").trim() || "all";
  const pageParam = Number(url.searchParams.get("p") ?? "1");
  const page = Number.isSafeInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  if (!q) return { q, category, page, count: 0, results: [] };

  let found;
  try {
    found = await searchProducts(db, { q, category, page, lang });
  } catch (error) {
    if (!(error instanceof UnknownCategoryError)) throw error;
    // An unknown slug (an old link, a typo) searches everything rather than failing.
    category = "all";
    found = await searchProducts(db, { q, category, page, lang });
  }
  return { q, category, page, count: found.count, results: found.results.map(toCardData) };
}

export const meta: Route.MetaFunction = (args) => {
  const t = metaT(args);
  const q = args.loaderData?.q;
  return pageMeta(args, {
    title: q ? t("search.title", { q }) : t("search.titleEmpty"),
    description: t("search.description"),
  });
};

export default function Search({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { categories } = useRootData();
  const { q, category, page, count, results } = loaderData;
  const pageCount = Math.ceil(count / PAGE_SIZE);

  let categoryName: string | null = null;
  for (const c of categories) {
    if (c.slug === category) categoryName = localizedName(c, lang);
    for (const sub of c.sub_categories) if (sub.slug === category) categoryName = localizedName(sub, lang);
  }

  const hrefFor = (p: number) => {
    const search = new URLSearchParams({ q, category });
    if (p > 1) search.set("p", String(p));
    return `${localePath(lang, "/search")}?${search}`;
  };

  return (
    <div className="mx-auto max-w-screen-2xl px-3 py-4 sm:px-4 sm:py-6">
      <Breadcrumb items={[{ label: t("breadcrumb.home"), to: "/" }, { label: t("search.titleEmpty") }]} />

      {!q ? (
        <>
          <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{t("search.titleEmpty")}</h1>
          <EmptyState title={t("search.startTitle")} text={t("search.start")} />
        </>
      ) : (
        <>
          <h1 className="text-xl font-bold break-words text-slate-900 sm:text-2xl">{t("search.title", { q })}</h1>
          <p className="mt-1 text-sm text-slate-700" role="status">
            {t("search.count", { count })}
            {categoryName && ` ${t("search.inCategory", { category: categoryName })}`}
          </p>
          {results.length === 0 ? (
            <EmptyState title={t("search.noResultsTitle")} text={t("search.noResults", { q })} />
          ) : (
            <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-5 xl:grid-cols-6">
              {results.map((product, i) => (
                <li key={product.id}>
                  <ProductCard product={product} eager={page === 1 && i < 2} sizes={CARD_SIZES} headingLevel={2} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
        </>
      )}
    </div>
  );
}

function EmptyState({ title, text }: { title: string; text: string }) {
  const t = useT();
  return (
    <section className="mx-auto mt-6 max-w-lg rounded-lg bg-white p-8 text-center shadow-xs">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-blue-50 text-blue-900">
        <SearchIcon size={28} />
      </span>
      <h2 className="mt-4 text-lg font-bold text-slate-900">{title}</h2>
      <p className="mt-2 text-slate-700">{text}</p>
      <LocaleLink
        to="/"
        className="mt-6 inline-block rounded-md bg-amber-400 px-5 py-3 font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {t("search.backHome")}
      </LocaleLink>
    </section>
  );
}
