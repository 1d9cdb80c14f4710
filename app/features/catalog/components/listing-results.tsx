import { useLocation, useNavigation } from "react-router";
import { Pagination } from "~/components/pagination";
import { CARD_SIZES, type ListingItemData, ProductCard } from "./product-card";
import type { ListingView } from "~/features/catalog/listing-params";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import { ProductListItem } from "./product-list-item";

/** Columns beside the filter sidebar, and across the whole width without one. */
const GRID_WITH_SIDEBAR = "grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 xl:grid-cols-4 2xl:grid-cols-5";
const GRID_FULL = "grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-5 xl:grid-cols-6";

/**
 * One page of products in grid or list mode, then the page links (§2.8, §2.9, §2.12). The first
 * images load at once (the largest paint); the rest wait until scrolled near. While the same page
 * loads new results (filter, sort, page) the old ones are dimmed and marked busy.
 */
export function ListingResults({
  items,
  view,
  page = 1,
  pageCount = 1,
  hrefForPage,
  sidebar = false,
  headingLevel = 2,
  eager = true,
}: {
  items: ListingItemData[];
  view: ListingView;
  page?: number;
  pageCount?: number;
  hrefForPage?: (page: number) => string;
  sidebar?: boolean;
  headingLevel?: 2 | 3;
  /** Whether the first items are in the first screen (not below other content). */
  eager?: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  // decision “Signed-out visitors go to login at once” / decision “Guest cart”: signed-out shoppers sign in first and come back to this very page.
  const buyHref = localePath(lang, `/login?${new URLSearchParams({ next: location.pathname + location.search })}`);

  return (
    <>
      <div aria-busy={busy || undefined} className={busy ? "opacity-60 transition-opacity" : undefined}>
        {busy && (
          <p className="sr-only" role="status">
            {t("catalog.loadingResults")}
          </p>
        )}
        {view === "list" ? (
          <ul className="space-y-2 sm:space-y-3">
            {items.map((product, i) => (
              <li key={product.id}>
                <ProductListItem
                  product={product}
                  buyHref={buyHref}
                  eager={eager && i < 3}
                  priority={eager && i === 0}
                  headingLevel={headingLevel}
                />
              </li>
            ))}
          </ul>
        ) : (
          <ul className={sidebar ? GRID_WITH_SIDEBAR : GRID_FULL}>
            {items.map((product, i) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  // The first row on a phone: the next cards are below its first screen, and their
                  // preloads took the slow link from the stylesheet (listing LCP).
                  eager={eager && i < 2}
                  priority={eager && i < 2}
                  sizes={CARD_SIZES}
                  headingLevel={headingLevel}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      {hrefForPage && <Pagination page={page} pageCount={pageCount} hrefFor={hrefForPage} />}
    </>
  );
}
