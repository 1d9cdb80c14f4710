import { type ShouldRevalidateFunction, useSearchParams } from "react-router";
import { SearchIcon } from "~/components/icons";
import { toCardData, toListingData } from "~/features/catalog/components/product-card";
import { ProductRow } from "~/features/catalog/components/product-row";
import { useRootData } from "~/components/root-data";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { CategoryFilter } from "~/features/catalog/components/category-filter";
import { EmptyState } from "~/features/catalog/components/empty-state";
import { FiltersPanel } from "~/features/catalog/components/listing-filters";
import { EmptyBoxIcon, SearchOffIcon } from "~/features/catalog/components/listing-icons";
import { ListingBody, ListingHeader } from "~/features/catalog/components/listing-layout";
import { ListingResults } from "~/features/catalog/components/listing-results";
import { ViewToggle } from "~/features/catalog/components/view-toggle";
import {
  likelyPhone,
  listingSearch,
  pageCount,
  parsePage,
  parseView,
  withoutView,
} from "~/features/catalog/listing-params";
import { PAGE_SIZE, type ProductCardDto } from "~/features/catalog/types";
import type { Language } from "~/i18n/languages";
import { getBestsellers, listProducts } from "~/features/catalog/catalog.server";
import { SearchHelp } from "~/features/search/components/search-help";
import { UnknownCategoryError, type SearchOutcome, searchWithNotes } from "~/features/search/search.server";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useLang, useT } from "~/i18n/use-t";
import type { Route } from "./+types/search";

/** Every visitor may share one rendering of this page (server/page-cache/shared-pages.ts). */
export const handle = { pageCache: "shared" } as const;

/**
 * Search results (§2.12, decision “Search forgives the way people type”): `?q=&category=&p=&view=`. A blank query shows the start
 * state (the header ignores blank queries with JavaScript; without it the form still lands here).
 * An unknown category slug (an old link, a typo) searches everything rather than failing; a page
 * past the end shows an empty state. The page says when the results are for other words than
 * typed (a slip read, or only some of the words matched); zero results get a "did you mean", the
 * best sellers of the chosen category (or the store) and search tips.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db } = context.get(appContext);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim();
  let category = (url.searchParams.get("category") ?? "").trim() || "all";
  const page = parsePage(url.searchParams.get("p"));
  const filtersOpen = !likelyPhone(request.headers.get("User-Agent"));
  const none = { shownFor: null, partial: false, suggestion: null };
  if (!q) return { q, category, page, count: 0, pageCount: 0, results: [], filtersOpen, notes: none, popular: [] };

  let found: SearchOutcome;
  try {
    found = await searchWithNotes(db, { q, category, page, lang });
  } catch (error) {
    if (!(error instanceof UnknownCategoryError)) throw error;
    category = "all";
    found = await searchWithNotes(db, { q, category, page, lang });
  }
  return {
    q,
    category,
    page,
    count: found.count,
    pageCount: pageCount(found.count, PAGE_SIZE),
    results: found.results.map(toListingData),
    filtersOpen,
    notes: found.notes,
    popular: found.count === 0 ? (await popularProducts(db, category, lang)).map(toCardData) : [],
  };
}

/** Best sellers shown on a zero-result page: of the chosen category, or of the store. */
const POPULAR_LIMIT = 6;

async function popularProducts(
  db: Parameters<typeof getBestsellers>[0],
  category: string,
  lang: Language,
): Promise<ProductCardDto[]> {
  if (category === "all") return getBestsellers(db, { lang, limit: POPULAR_LIMIT });
  const listing = await listProducts(db, {
    categorySlug: category,
    priceRange: "all",
    sortBy: "sold",
    order: "desc",
    page: 1,
    lang,
  });
  return (listing?.results ?? []).slice(0, POPULAR_LIMIT);
}

/** A change of view alone needs no new data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  withoutView(currentUrl) === withoutView(nextUrl) ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = (args) => {
  const t = metaT(args);
  const q = args.loaderData?.q;
  const page = args.loaderData?.page ?? 1;
  const shown = args.loaderData?.results.length ?? 0;
  const title = q ? t("search.title", { q }) : t("search.titleEmpty");
  // Results pages are indexable under one canonical URL per search (docs/decisions/002); the start
  // state and empty results are thin pages and stay out of the index.
  const query = new URLSearchParams({ q: q ?? "", category: args.loaderData?.category ?? "all" });
  if (page > 1) query.set("p", String(page));
  return pageMeta(args, {
    title: page > 1 ? t("catalog.pageTitle", { title, n: page }) : title,
    description: t("search.description"),
    noIndex: !q || shown === 0,
    query: query.toString(),
  });
};

export default function Search({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { categories } = useRootData();
  const [searchParams] = useSearchParams();
  const { q, category, page, count, results, notes, popular } = loaderData;
  const view = parseView(searchParams.get("view"));
  const path = localePath(lang, "/search");
  const searchHref = (next: { category?: string; page?: number; view?: typeof view }) =>
    path +
    listingSearch({ page: next.page ?? 1, view: next.view ?? view }, [
      ["q", q],
      ["category", next.category ?? category],
    ]);

  let categoryName: string | null = null;
  for (const c of categories) {
    if (c.slug === category) categoryName = c.name;
    for (const sub of c.sub_categories) if (sub.slug === category) categoryName = sub.name;
  }
  const breadcrumb = [{ label: t("breadcrumb.home"), to: "/" }, { label: t("catalog.search.breadcrumb") }];

  if (!q) {
    return (
      <div className="mx-auto max-w-screen-2xl px-3 py-4 sm:px-4 sm:py-6">
        <ListingHeader breadcrumb={breadcrumb} title={t("search.titleEmpty")} />
        <EmptyState
          icon={<SearchIcon size={28} />}
          title={t("search.startTitle")}
          text={t("search.start")}
          actions={[{ label: t("search.backHome"), href: localePath(lang, "/") }]}
        />
      </div>
    );
  }

  const filtered = category !== "all";
  return (
    <div className="mx-auto max-w-screen-2xl px-3 py-4 sm:px-4 sm:py-6">
      <ListingHeader
        breadcrumb={breadcrumb}
        title={t("search.title", { q })}
        status={`${t("search.count", { count })}${categoryName ? ` ${t("search.inCategory", { category: categoryName })}` : ""}`}
      />
      <ListingBody
        filters={
          <FiltersPanel
            open={loaderData.filtersOpen}
            activeCount={filtered ? 1 : 0}
            clearHref={searchHref({ category: "all" })}
          >
            <CategoryFilter
              categories={categories}
              value={category}
              hidden={[["q", q], ...(view === "list" ? [["view", "list"] as [string, string]] : [])]}
            />
          </FiltersPanel>
        }
        toolbar={<ViewToggle view={view} hrefFor={(v) => searchHref({ page, view: v })} />}
      >
        {notes.shownFor && results.length > 0 && (
          <p
            role="note"
            className="mb-3 rounded-md border-l-4 border-amber-500 bg-amber-50 px-3 py-2 text-sm text-slate-800"
          >
            {notes.partial && <>{t("search.partial", { q })} </>}
            <strong>{t("search.showingFor", { terms: notes.shownFor })}</strong>
          </p>
        )}
        {results.length > 0 ? (
          <ListingResults
            items={results}
            view={view}
            page={page}
            pageCount={loaderData.pageCount}
            hrefForPage={(p) => searchHref({ page: p })}
            sidebar
          />
        ) : count > 0 ? (
          <EmptyState
            icon={<EmptyBoxIcon size={28} />}
            title={t("catalog.listing.pastEndTitle")}
            text={t("catalog.listing.pastEndText")}
            actions={[{ label: t("catalog.listing.firstPage"), href: searchHref({ page: 1 }) }]}
          />
        ) : (
          <>
            <EmptyState
              icon={<SearchOffIcon size={28} />}
              title={t("search.noResultsTitle")}
              text={t("search.noResults", { q })}
              actions={[
                ...(filtered ? [{ label: t("catalog.filters.clear"), href: searchHref({ category: "all" }) }] : []),
                { label: t("search.backHome"), href: localePath(lang, "/"), secondary: filtered },
              ]}
            />
            <SearchHelp
              suggestion={
                notes.suggestion
                  ? {
                      text: notes.suggestion,
                      href: `${path}${listingSearch({ page: 1, view }, [
                        ["q", notes.suggestion],
                        ["category", category],
                      ])}`,
                    }
                  : null
              }
            />
          </>
        )}
      </ListingBody>
      {results.length === 0 && count === 0 && popular.length > 0 && (
        <div className="mt-6">
          <ProductRow
            id="search-popular"
            title={categoryName ? t("search.popularIn", { category: categoryName }) : t("search.popular")}
            products={popular}
          />
        </div>
      )}
    </div>
  );
}
