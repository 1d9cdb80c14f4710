import { Link } from "~/components/router-links";
import { Dropdown } from "~/components/dropdown";
import { ChevronDownIcon } from "~/components/icons";
import { type ListingParams, sortToggle } from "~/features/catalog/listing-params";
import { SORT_FIELDS, type SortField, type SortOrder } from "~/features/catalog/types";
import type { TFunction } from "~/i18n/i18n";
import { useT } from "~/i18n/use-t";
import { SortIcon } from "./listing-icons";

/** The label of one sort option of §9 ('Más recientes', 'Precio: menor a mayor', ...). */
export function sortLabel(t: TFunction, field: SortField, order: SortOrder): string {
  return t(`catalog.sort.${field}.${order}` as Parameters<TFunction>[0]);
}

/**
 * The sort dropdown (§2.8, §9): the button shows the current order; the menu has one link per
 * field, labelled with the order it leads to. Choosing the current field again toggles asc/desc
 * (§4.6), so 'Precio: menor a mayor' becomes 'Precio: mayor a menor' in the menu once chosen.
 * Links keep the filter and view and go back to page 1; a `<details>` opens without JavaScript.
 */
export function SortMenu({ params, hrefFor }: { params: ListingParams; hrefFor: (next: ListingParams) => string }) {
  const t = useT();
  const current = sortLabel(t, params.sortBy, params.order);
  return (
    <Dropdown
      className="relative"
      summaryClassName="min-h-11 border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      panelClassName="left-0 w-64 max-w-[calc(100vw-1.5rem)] py-1"
      summary={
        <>
          <SortIcon size={16} />
          <span className="sr-only">{t("catalog.sort.label")}: </span>
          <span aria-hidden="true" className="hidden text-slate-600 sm:inline">
            {t("catalog.sort.label")}:
          </span>
          <span className="max-w-[11rem] truncate sm:max-w-none">{current}</span>
          <ChevronDownIcon size={16} className="transition group-open/dd:rotate-180" />
        </>
      }
    >
      <ul>
        {SORT_FIELDS.map((field) => {
          const next = sortToggle(params, field);
          const active = params.sortBy === field;
          return (
            <li key={field}>
              <Link
                to={hrefFor(next)}
                preventScrollReset
                className={`flex min-h-11 items-center justify-between gap-2 px-4 py-2 text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700 ${
                  active ? "font-semibold text-blue-900" : "text-slate-800"
                }`}
              >
                {sortLabel(t, next.sortBy, next.order)}
                {active && <SortIcon size={16} />}
              </Link>
            </li>
          );
        })}
      </ul>
    </Dropdown>
  );
}
