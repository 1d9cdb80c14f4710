import { ProductSkeletons } from "~/components/ui/skeleton";

/** §2.9 / §9: 12 skeleton cards while a listing loads on a client-side navigation. */
export const LISTING_SKELETON_CARDS = 12;

export function ListingPageSkeleton() {
  return (
    <div className="mx-auto max-w-screen-2xl px-3 py-4 sm:px-4 sm:py-6">
      <div
        aria-hidden="true"
        className="mb-4 h-7 w-1/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none"
      />
      <ProductSkeletons
        count={LISTING_SKELETON_CARDS}
        className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4 xl:grid-cols-6"
      />
    </div>
  );
}
