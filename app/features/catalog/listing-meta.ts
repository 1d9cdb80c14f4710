import type { MetaDescriptor } from "react-router";

/**
 * Adds a listing's meaningful query (`?price_range=...&sort_by=...&p=2`) to the canonical URL, the
 * hreflang alternates and og:url that `pageMeta` builds from the path alone, so that each page of
 * a listing is its own indexable page rather than a duplicate of page 1. The view is left out
 * (same products, other layout).
 */
export function withCanonicalQuery(tags: MetaDescriptor[], query: string): MetaDescriptor[] {
  if (!query) return tags;
  return tags.map((tag) => {
    const record = tag as Record<string, unknown>;
    if (record.tagName === "link" && (record.rel === "canonical" || record.rel === "alternate")) {
      return { ...tag, href: `${String(record.href)}${query}` } as MetaDescriptor;
    }
    if (record.property === "og:url") return { ...tag, content: `${String(record.content)}${query}` } as MetaDescriptor;
    return tag;
  });
}
