import { useT } from "~/i18n/use-t";

/**
 * The product page's shape while its data loads (§2.10: at least 500 ms and until the product
 * has loaded; root.tsx shows it on client-side navigations). Same grid and boxes as the page,
 * so the content lands where the placeholders were.
 */
export function ProductPageSkeleton() {
  const t = useT();
  const bar = "animate-pulse rounded bg-slate-200 motion-reduce:animate-none";
  return (
    <div role="status" className="mx-auto max-w-screen-xl px-3 py-3 sm:px-4 sm:py-5">
      <span className="sr-only">{t("pdp.loading")}</span>
      <div aria-hidden="true" className={`mb-3 h-5 w-2/3 max-w-md ${bar}`} />
      <div aria-hidden="true" className="grid gap-5 rounded-lg bg-white p-3 shadow-xs sm:p-5 md:grid-cols-2 md:gap-8">
        <div>
          <div className={`aspect-square w-full ${bar}`} />
          <div className="mt-2 flex gap-2">
            {[0, 1, 2].map((i) => (
              <div key={i} className={`aspect-square w-1/4 max-w-20 ${bar}`} />
            ))}
          </div>
        </div>
        <div className="space-y-5">
          <div className="space-y-2">
            <div className={`h-4 w-24 ${bar}`} />
            <div className={`h-7 w-11/12 ${bar}`} />
            <div className={`h-4 w-40 ${bar}`} />
          </div>
          <div className={`h-9 w-36 ${bar}`} />
          <div className="flex gap-2">
            {[0, 1, 2].map((i) => (
              <div key={i} className={`size-11 rounded-full ${bar}`} />
            ))}
          </div>
          <div className="space-y-2.5 rounded-lg border border-slate-200 p-4">
            <div className={`h-5 w-28 ${bar}`} />
            <div className={`h-12 w-full rounded-full ${bar}`} />
            <div className={`h-12 w-full rounded-full ${bar}`} />
          </div>
        </div>
      </div>
    </div>
  );
}
