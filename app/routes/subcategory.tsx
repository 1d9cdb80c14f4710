import { type ShouldRevalidateFunction, useSearchParams } from "react-router";
import { toListingData } from "~/features/catalog/components/product-card";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { getCategoryBySlug } from "~/features/catalog/categories.server";
import { listProducts } from "~/features/catalog/catalog.server";
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
import type { Route } from "./+types/subcategory";

/** Every visitor may share one rendering of this page (server/page-cache/shared-pages.ts). */
export const handle = { pageCache: "shared" } as const;

/**
 * Subcategory listing (§2.8): `/{lang}/shop/{cat}/{subcat}?price_range=&sort_by=&order=&p=&view=`.
 * The subcategory must be a child of `cat` (else 404). Bad query values fall back to defaults, and
 * a page past the end shows an empty state: a page, never an error.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db } = context.get(appContext);
  const found = await getCategoryBySlug(db, params.subcat);
  if (!found?.parent || found.parent.slug !== params.cat) notFound();
  const { view: _view, ...listing } = parseListingParams(new URL(request.url).searchParams);
  const result = await listProducts(db, { categorySlug: params.subcat, ...listing, lang });
  if (!result) notFound();
  const { parent, category } = found;
  return {
    category: { slug: parent.slug, name: parent.name, name_en: parent.name_en },
    subcategory: { slug: category.slug, name: category.name, name_en: category.name_en },
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
  const { category, subcategory, listing } = args.loaderData;
  const name = localizedName(subcategory, lang);
  const title = listing.page > 1 ? t("catalog.pageTitle", { title: name, n: listing.page }) : name;
  const description = t("catalog.subcategory.description", { name, parent: localizedName(category, lang) });
  return withCanonicalQuery(pageMeta(args, { title, description }), listingSearch(listing, [], { keepView: false }));
};

export default function Subcategory({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const [searchParams] = useSearchParams();
  const { category, subcategory, count, results } = loaderData;
  const listing = { ...loaderData.listing, view: parseView(searchParams.get("view")) };
  const href = useListingHref(listing);
  const categoryName = localizedName(category, lang);
  const name = localizedName(subcategory, lang);
  const filtered = listing.priceRange !== "all";

  return (
    <div className="mx-auto max-w-screen-2xl px-3 py-4 sm:px-4 sm:py-6">
      <ListingHeader
        breadcrumb={[
          { label: t("breadcrumb.home"), to: "/" },
          { label: categoryName, to: `/shop/${category.slug}` },
          { label: name },
        ]}
        title={name}
        status={t("catalog.count", { count })}
      />
      <ListingBody
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
          />
        ) : count > 0 ? (
          <EmptyState
            icon={<EmptyBoxIcon size={28} />}
            title={t("catalog.listing.pastEndTitle")}
            text={t("catalog.listing.pastEndText")}
            actions={[{ label: t("catalog.listing.firstPage"), href: href({ page: 1 }) }]}
          />
        ) : (
          <EmptyState
            icon={<EmptyBoxIcon size={28} />}
            title={t("catalog.listing.emptyTitle")}
            text={filtered ? t("catalog.listing.emptyFiltered", { name }) : t("catalog.listing.emptyText", { name })}
            actions={[
              ...(filtered ? [{ label: t("catalog.filters.clear"), href: href({ priceRange: "all", page: 1 }) }] : []),
              {
                label: t("catalog.listing.backTo", { name: categoryName }),
                href: localePath(lang, `/shop/${category.slug}`),
                secondary: filtered,
              },
            ]}
          />
        )}
      </ListingBody>
    </div>
  );
}
