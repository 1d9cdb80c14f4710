import { Link } from "~/components/router-links";
import type { ListingView } from "~/features/catalog/listing-params";
import { useT } from "~/i18n/use-t";
import { GridIcon, ListIcon } from "./listing-icons";

const ITEM =
  "flex min-h-11 min-w-11 items-center justify-center gap-1.5 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:relative focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-[current=true]:bg-blue-900 aria-[current=true]:text-white";

/**
 * The grid/list switch (§2.7, §2.8, §2.9, §2.12, §4.6): two links that keep every other query
 * parameter (`?view=list`), so it works without JavaScript and the choice survives sharing.
 */
export function ViewToggle({ view, hrefFor }: { view: ListingView; hrefFor: (view: ListingView) => string }) {
  const t = useT();
  const options = [
    { value: "grid" as const, label: t("catalog.view.grid"), Icon: GridIcon },
    { value: "list" as const, label: t("catalog.view.list"), Icon: ListIcon },
  ];
  return (
    <div
      role="group"
      aria-label={t("catalog.view.label")}
      className="ml-auto flex shrink-0 overflow-hidden rounded-md border border-slate-300 bg-white"
    >
      {options.map(({ value, label, Icon }) => (
        <Link
          key={value}
          to={hrefFor(value)}
          preventScrollReset
          aria-current={view === value ? "true" : undefined}
          className={`${ITEM} ${value === "list" ? "border-l border-slate-300" : ""}`}
        >
          <Icon size={18} />
          <span className="sr-only sm:not-sr-only">{label}</span>
        </Link>
      ))}
    </div>
  );
}
