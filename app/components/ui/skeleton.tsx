import { useT } from "~/i18n/use-t";

/** A grey card-shaped placeholder (§2.5: 4 skeleton placeholders while a section loads). */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-2 sm:p-3">
      <div className="mb-2 aspect-square animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none" />
      <div className="mb-1 h-3.5 w-11/12 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
      <div className="mb-2 h-3.5 w-2/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
      <div className="h-4 w-1/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
    </div>
  );
}

/** `count` skeleton cards laid out like a product row, announced once as loading. */
export function ProductSkeletons({ count = 4, className = "" }: { count?: number; className?: string }) {
  const t = useT();
  return (
    <div role="status" className={className}>
      <span className="sr-only">{t("product.loading")}</span>
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
