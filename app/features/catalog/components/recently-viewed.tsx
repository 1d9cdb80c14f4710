import { useEffect, useState } from "react";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import type { ProductCardData } from "./product-card";
import { ProductRow } from "./product-row";

/** decision “Home sections”: the browser keeps the last 12 products the visitor opened, newest first. */
export const RECENTLY_VIEWED_KEY = "recently_viewed";
export const RECENTLY_VIEWED_MAX = 12;

/** The stored ids (newest first); empty when storage is unavailable or holds junk. */
export function readRecentlyViewed(): number[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(RECENTLY_VIEWED_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((id): id is number => Number.isSafeInteger(id) && id > 0).slice(0, RECENTLY_VIEWED_MAX);
  } catch {
    return [];
  }
}

/** Records that the visitor opened product `id` (the product page calls this after hydration). */
export function recordRecentlyViewed(id: number): void {
  if (!Number.isSafeInteger(id) || id <= 0) return;
  try {
    const ids = [id, ...readRecentlyViewed().filter((other) => other !== id)].slice(0, RECENTLY_VIEWED_MAX);
    window.localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(ids));
  } catch {
    // Private mode or full storage: the section simply stays hidden.
  }
}

/**
 * decision “Home sections” 'Recently viewed': rendered only in the browser after hydration (the server cannot know the
 * list), with 4 skeletons while the cards load from `/{lang}/recently-viewed`; hidden when empty.
 */
export function RecentlyViewed() {
  const t = useT();
  const lang = useLang();
  const [products, setProducts] = useState<ProductCardData[] | null | undefined>(undefined);

  useEffect(() => {
    const ids = readRecentlyViewed();
    if (ids.length === 0) return;
    const controller = new AbortController();
    setProducts(null);
    fetch(`${localePath(lang, "/recently-viewed")}?ids=${ids.join(",")}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<ProductCardData[]>) : []))
      .then(setProducts)
      .catch(() => {
        if (!controller.signal.aborted) setProducts([]);
      });
    return () => controller.abort();
  }, [lang]);

  if (products === undefined) return null;
  return <ProductRow id="recently-viewed" title={t("home.recentlyViewed.title")} products={products} />;
}
