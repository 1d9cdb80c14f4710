import { type ShouldRevalidateFunction, useSearchParams } from "react-router";
import { toListingData } from "~/features/catalog/components/product-card";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { getBestsellers, getLatestProducts } from "~/features/catalog/catalog.server";
import { EmptyState } from "~/features/catalog/components/empty-state";
import { EmptyBoxIcon } from "~/features/catalog/components/listing-icons";
import { ListingBody, ListingHeader } from "~/features/catalog/components/listing-layout";
import { ListingResults } from "~/features/catalog/components/listing-results";
import { ViewToggle } from "~/features/catalog/components/view-toggle";
import { listingSearch, parseView, withoutView } from "~/features/catalog/listing-params";
import { localePath } from "~/i18n/links";
import { notFound, requireLanguage } from "~/i18n/require-language";
import { useLang, useT } from "~/i18n/use-t";
import type { Route } from "./+types/home-products";

/** §7.1 / §9: the home-products listings show 30 products. */
const HOME_PRODUCTS_LIMIT = 30;

/** §2.9 keys with their title and description (the reads are in the loader: server-only). */
const LISTS = {
  "new-arrivals": { title: "home.newArrivals.title", description: "catalog.homeProducts.newArrivals.description" },
  "best-sellers": { title: "home.bestSellers.title", description: "catalog.homeProducts.bestSellers.description" },
} as const;
type ListKey = keyof typeof LISTS;

function isListKey(key: string): key is ListKey {
  return Object.prototype.hasOwnProperty.call(LISTS, key);
}

/** Every visitor may share one rendering of this page (server/page-cache/shared-pages.ts). */
export const handle = { pageCache: "shared" } as const;

/**
 * Home-products listing (§2.9): `/{lang}/home-products/new-arrivals` (newest first) and
 * `/best-sellers` (most sold first), 30 products; any other key is a 404. The 12 skeleton cards of
 * a client-side navigation come from root.tsx.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const key = params.key;
  if (!isListKey(key)) notFound();
  const { db } = context.get(appContext);
  const read = key === "new-arrivals" ? getLatestProducts : getBestsellers;
  const products = await read(db, { lang, limit: HOME_PRODUCTS_LIMIT });
  return { key, results: products.map(toListingData) };
}

/** A change of view alone needs no new data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  withoutView(currentUrl) === withoutView(nextUrl) ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return [];
  const t = metaT(args);
  const list = LISTS[args.loaderData.key];
  return pageMeta(args, { title: t(list.title), description: t(list.description) });
};

export default function HomeProducts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const [searchParams] = useSearchParams();
  const { key, results } = loaderData;
  const view = parseView(searchParams.get("view"));
  const title = t(LISTS[key].title);
  const path = localePath(lang, `/home-products/${key}`);

  return (
    <div className="mx-auto max-w-screen-2xl px-3 py-4 sm:px-4 sm:py-6">
      <ListingHeader
        breadcrumb={[{ label: t("breadcrumb.home"), to: "/" }, { label: title }]}
        title={title}
        status={t("catalog.count", { count: results.length })}
      />
      {results.length === 0 ? (
        <EmptyState
          icon={<EmptyBoxIcon size={28} />}
          title={t("catalog.homeProducts.emptyTitle")}
          text={t("catalog.homeProducts.emptyText")}
          actions={[{ label: t("catalog.continueShopping"), href: localePath(lang, "/shop") }]}
        />
      ) : (
        <ListingBody toolbar={<ViewToggle view={view} hrefFor={(v) => path + listingSearch({ view: v })} />}>
          <ListingResults items={results} view={view} />
        </ListingBody>
      )}
    </div>
  );
}
