import { useT } from "~/i18n/use-t";
import { ChevronRightIcon } from "./icons";
import { LocaleLink } from "./locale-link";

/** A breadcrumb trail; the last item is the current page (`aria-current="page"`). */
export function Breadcrumb({ items }: { items: Array<{ label: string; to?: string }> }) {
  const t = useT();
  return (
    <nav aria-label={t("breadcrumb.label")} className="mb-3 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${i}-${item.label}`} className="flex items-center gap-1">
              {item.to && !last ? (
                <LocaleLink
                  to={item.to}
                  className="rounded text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
                >
                  {item.label}
                </LocaleLink>
              ) : (
                <span aria-current={last ? "page" : undefined} className={last ? "font-medium text-slate-900" : ""}>
                  {item.label}
                </span>
              )}
              {!last && <ChevronRightIcon size={14} className="text-slate-400" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
