import { type ShouldRevalidateFunction, useSearchParams } from "react-router";
import { toListingData } from "~/features/catalog/components/product-card";
import { useRootData } from "~/components/root-data";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { getCategoryBySlug, getCategoryProductCounts } from "~/features/catalog/categories.server";
import { listProducts } from "~/features/catalog/catalog.server";
import { OtherCategories, SubcategoryTiles } from "~/features/catalog/components/category-tiles";
import { EmptyState } from "~/features/catalog/components/empty-state";
import { FiltersPanel } from "~/features/catalog/components/listing-filters";
import { EmptyBoxIcon } from "~/features/catalog/components/listing-icons";
import { ListingBody, ListingHeader, keptFields, useListingHref } from "~/features/catalog/components/listing-layout";
import { ListingResults } from "~/features/catalog/components/listing-results";
import { PriceFilter } from "~/features/catalog/components/price-filter";
import { SortMenu } from "~/features/catalog/components/sort-menu";
import { ViewToggle } from "~/features/catalog/components/view-toggle";
import { withCanonicalQuery } from "~/features/catalog/listing-meta";
import {
  likelyPhone,
  listingSearch,
  pageCount,
  parseListingParams,
  parseView,
  withoutView,
} from "~/features/catalog/listing-params";
import { PAGE_SIZE } from "~/features/catalog/types";
import { localePath } from "~/i18n/links";
import { localizedName } from "~/i18n/localized-name";
import { notFound, requireLanguage } from "~/i18n/require-language";
import { useLang, useT } from "~/i18n/use-t";
import type { Route } from "./+types/category";

/** Every visitor may share one rendering of this page (server/page-cache/shared-pages.ts). */
export const handle = { pageCache: "shared" } as const;

/**
 * Category page (§2.7): `/{lang}/shop/{cat}` for a top-level category only (a subcategory slug or
 * an unknown one is a 404). Its subcategories with their product counts, then every product of
 * the category (its own and its subcategories') with the same filter, sort, view and pages as a
 * subcategory listing (§2.8), then the other categories.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db } = context.get(appContext);
  const found = await getCategoryBySlug(db, params.cat);
  if (!found || found.parent) notFound();
  const { view: _view, ...listing } = parseListingParams(new URL(request.url).searchParams);
  const [result, counts] = await Promise.all([
    listProducts(db, { categorySlug: params.cat, ...listing, lang }),
    getCategoryProductCounts(db),
  ]);
  if (!result) notFound();
  const { category } = found;
  return {
    category: {
      id: category.id,
      slug: category.slug,
      name: category.name,
      name_en: category.name_en,
      sub_categories: category.sub_categories.map((sub) => ({ ...sub, count: counts[sub.id] ?? 0 })),
    },
    listing,
    count: result.count,
    pageCount: pageCount(result.count, PAGE_SIZE),
    results: result.results.map(toListingData),
    filtersOpen: !likelyPhone(request.headers.get("User-Agent")),
  };
}

/** A change of view alone needs no new data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  withoutView(currentUrl) === withoutView(nextUrl) ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return [];
  const t = metaT(args);
  const lang = args.params.lang === "en" ? "en" : "es";
  const { category, listing } = args.loaderData;
  const name = localizedName(category, lang);
  const title = listing.page > 1 ? t("catalog.pageTitle", { title: name, n: listing.page }) : name;
  const list = category.sub_categories.map((s) => localizedName(s, lang)).join(", ");
  const description = list ? t("catalog.category.description", { name, list }) : t("meta.defaultDescription");
  return withCanonicalQuery(pageMeta(args, { title, description }), listingSearch(listing, [], { keepView: false }));
};

export default function Category({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { categories } = useRootData();
  const [searchParams] = useSearchParams();
  const { category, count, results } = loaderData;
  const listing = { ...loaderData.listing, view: parseView(searchParams.get("view")) };
  const href = useListingHref(listing);
  const name = localizedName(category, lang);
  const subs = category.sub_categories;
  const filtered = listing.priceRange !== "all";
  const others = categories.filter((c) => c.slug !== category.slug);
  const empty = subs.length === 0 && count === 0;

  return (
    <div className="mx-auto max-w-screen-2xl space-y-6 px-3 py-4 sm:px-4 sm:py-6">
      <div>
        <ListingHeader breadcrumb={[{ label: t("breadcrumb.home"), to: "/" }, { label: name }]} title={name} />
        {subs.length > 0 && (
          <section aria-labelledby="subcategories-title">
            <h2 id="subcategories-title" className="mb-2 text-base font-bold text-slate-900 sm:text-lg">
              {t("catalog.category.subcategories", { name })}
            </h2>
            <SubcategoryTiles categorySlug={category.slug} subcategories={subs} />
          </section>
        )}
      </div>

      {empty ? (
        <EmptyState
          icon={<EmptyBoxIcon size={28} />}
          title={t("catalog.category.emptyTitle", { name })}
          text={t("catalog.category.emptyText")}
          actions={[{ label: t("catalog.backHome"), href: localePath(lang, "/") }]}
        />
      ) : (
        <section aria-labelledby="products-title">
          <h2 id="products-title" className="text-lg font-bold text-slate-900 sm:text-xl">
            {t("catalog.category.products", { name })}
          </h2>
          <p role="status" className="mt-1 mb-3 text-sm text-slate-700">
            {t("catalog.count", { count })}
          </p>
          <ListingBody
            label={null}
            filters={
              <FiltersPanel
                open={loaderData.filtersOpen}
                activeCount={filtered ? 1 : 0}
                clearHref={href({ priceRange: "all", page: 1 })}
              >
                <PriceFilter value={listing.priceRange} hidden={keptFields(listing)} />
              </FiltersPanel>
            }
            toolbar={
              <>
                <SortMenu params={listing} hrefFor={href} />
                <ViewToggle view={listing.view} hrefFor={(view) => href({ view })} />
              </>
            }
          >
            {results.length > 0 ? (
              <ListingResults
                items={results}
                view={listing.view}
                page={listing.page}
                pageCount={loaderData.pageCount}
                hrefForPage={(page) => href({ page })}
                sidebar
                headingLevel={3}
                eager={subs.length === 0}
              />
            ) : count > 0 ? (
              <EmptyState
                headingLevel={3}
                icon={<EmptyBoxIcon size={28} />}
                title={t("catalog.listing.pastEndTitle")}
                text={t("catalog.listing.pastEndText")}
                actions={[{ label: t("catalog.listing.firstPage"), href: href({ page: 1 }) }]}
              />
            ) : (
              <EmptyState
                headingLevel={3}
                icon={<EmptyBoxIcon size={28} />}
                title={t("catalog.listing.emptyTitle")}
                text={
                  filtered ? t("catalog.listing.emptyFiltered", { name }) : t("catalog.category.emptyTitle", { name })
                }
                actions={[
                  ...(filtered
                    ? [{ label: t("catalog.filters.clear"), href: href({ priceRange: "all", page: 1 }) }]
                    : []),
                  { label: t("catalog.backHome"), href: localePath(lang, "/"), secondary: filtered },
                ]}
              />
            )}
          </ListingBody>
        </section>
      )}

      {others.length > 0 && (
        <section aria-labelledby="other-categories-title">
          <h2 id="other-categories-title" className="mb-2 text-lg font-bold text-slate-900 sm:text-xl">
            {t("catalog.category.others")}
          </h2>
          <OtherCategories categories={others} />
        </section>
      )}
    </div>
  );
}
