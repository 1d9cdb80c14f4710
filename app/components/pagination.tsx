import { Link } from "~/components/router-links";
import { useT } from "~/i18n/use-t";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";

/** The page numbers to show: first, last, and two around the current one, with gaps as null. */
export function pageWindow(page: number, pageCount: number): Array<number | null> {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null);
    out.push(p);
  });
  return out;
}

const ITEM =
  "flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/** Page links (`?p=`); works without JavaScript. Hidden when everything fits on one page. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  const t = useT();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t("pagination.label")} className="mt-6">
      <p className="sr-only">{t("pagination.status", { n: page, total: pageCount })}</p>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        {page > 1 && (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" className={ITEM}>
              <ChevronLeftIcon size={16} />
              {t("pagination.previous")}
            </Link>
          </li>
        )}
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={t("pagination.page", { n: p })}
                className={`${ITEM} aria-[current=page]:border-blue-900 aria-[current=page]:bg-blue-900 aria-[current=page]:text-white`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" className={ITEM}>
              {t("pagination.next")}
              <ChevronRightIcon size={16} />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
