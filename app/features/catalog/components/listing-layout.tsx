import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { Breadcrumb } from "~/components/breadcrumb";
import { type ListingParams, listingSearch } from "~/features/catalog/listing-params";
import { useT } from "~/i18n/use-t";

/** Builds links to this page with other listing parameters (`extra` first: search's q, category). */
export function useListingHref(params: ListingParams, extra: Array<[string, string]> = []) {
  const { pathname } = useLocation();
  return (next: Partial<ListingParams>) => pathname + listingSearch({ ...params, ...next }, extra);
}

/** The hidden fields a filter form carries so that a new filter keeps the sort and view (not the page). */
export function keptFields(params: ListingParams, extra: Array<[string, string]> = []): Array<[string, string]> {
  const fields = [...extra];
  const query = new URLSearchParams(listingSearch({ sortBy: params.sortBy, order: params.order, view: params.view }));
  query.forEach((value, key) => fields.push([key, value]));
  return fields;
}

/** Breadcrumb, title and the count of products found (a live region: filters change it). */
export function ListingHeader({
  breadcrumb,
  title,
  status,
  children,
}: {
  breadcrumb: Array<{ label: string; to?: string }>;
  title: string;
  /** 'N productos encontrados' (and where), or nothing on a start page. */
  status?: string;
  children?: ReactNode;
}) {
  return (
    <header className="mb-3">
      <Breadcrumb items={breadcrumb} />
      <h1 className="text-xl font-bold break-words text-slate-900 sm:text-2xl">{title}</h1>
      {status !== undefined && (
        <p role="status" className="mt-1 text-sm text-slate-700">
          {status}
        </p>
      )}
      {children}
    </header>
  );
}

/**
 * The body of a listing: on wide screens the filters in a sidebar beside the results, on phones
 * the folded filters above them; a toolbar (sort, view) over the results.
 */
export function ListingBody({
  filters,
  toolbar,
  label,
  children,
}: {
  filters?: ReactNode;
  toolbar: ReactNode;
  /** The name of the results region; null when the page already names a region around it. */
  label?: string | null;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className={filters ? "gap-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start" : undefined}>
      {filters && (
        <aside aria-label={t("catalog.filters.title")} className="mb-3 lg:mb-0">
          {filters}
        </aside>
      )}
      {label === null ? (
        <div>
          <div className="mb-3 flex flex-wrap items-center gap-2">{toolbar}</div>
          {children}
        </div>
      ) : (
        <section aria-label={label ?? t("catalog.results")}>
          <div className="mb-3 flex flex-wrap items-center gap-2">{toolbar}</div>
          {children}
        </section>
      )}
    </div>
  );
}
