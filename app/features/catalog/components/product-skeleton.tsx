import { useT } from "~/i18n/use-t";

/** The product page's shape while its data loads (§2.10). */
export function ProductPageSkeleton() {
  const t = useT();
  const bar = "animate-pulse rounded bg-slate-200 motion-reduce:animate-none";
  return (
    <div role="status" className="mx-auto grid max-w-screen-xl gap-6 px-3 py-4 sm:px-4 md:grid-cols-2">
      <span className="sr-only">{t("product.loading")}</span>
      <div aria-hidden="true" className={`aspect-square ${bar}`} />
      <div aria-hidden="true" className="space-y-3">
        <div className={`h-7 w-11/12 ${bar}`} />
        <div className={`h-4 w-1/3 ${bar}`} />
        <div className={`h-8 w-1/2 ${bar}`} />
        <div className={`h-24 w-full ${bar}`} />
        <div className={`h-11 w-full ${bar}`} />
      </div>
    </div>
  );
}
