import { useRootData } from "~/components/root-data";
import { imageSrc, imageSrcSet } from "./images";

/**
 * `imageSrc` and `imageSrcSet` with the page's media base: "" (the app serves `/media/...`) or the
 * CDN in front of it (MEDIA_PUBLIC_URL, docs/operations.md "Media storage"), which the root
 * loader passes to every page.
 */
export function useImageUrls() {
  const base = useRootData().mediaBase ?? "";
  return {
    base,
    src: (url: string | null | undefined, width: number) => imageSrc(url, width, base),
    srcSet: (url: string | null | undefined, widths?: readonly number[]) => imageSrcSet(url, widths, base),
  };
}
