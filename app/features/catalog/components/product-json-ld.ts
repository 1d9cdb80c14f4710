import type { ProductView } from "./product-view";

/** The review figures the structured data needs (the summary of §2.11). */
type RatingSummary = { average: number | null; count: number };

/**
 * schema.org `Product` structured data for search engines (issue point 7): name, absolute image
 * URLs, description, sku, brand, one USD offer with availability and the page URL, and the
 * aggregate rating when there are reviews. `origin` is the canonical origin (PUBLIC_URL), so
 * that every URL in it is absolute whichever host served the page.
 */
export function productJsonLd(
  product: ProductView,
  opts: { origin: string; url: string; rating: RatingSummary },
): Record<string, unknown> {
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${opts.origin}${path}`);
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${opts.url}#product`,
    name: product.name,
    sku: String(product.id),
    productID: String(product.id),
    url: opts.url,
    category: product.category.name,
    offers: {
      "@type": "Offer",
      url: opts.url,
      // decision “Prices are kept in US cents”: USD with at most 2 decimals; schema.org wants a plain number string.
      price: product.price.toFixed(2),
      priceCurrency: "USD",
      availability: product.quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
  if (product.images.length > 0) data.image = product.images.map(absolute);
  if (product.description) data.description = product.description;
  if (product.brand) data.brand = { "@type": "Brand", name: product.brand };
  if (product.model) data.model = product.model;
  if (opts.rating.count > 0 && opts.rating.average !== null) {
    data.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: opts.rating.average.toFixed(1),
      reviewCount: opts.rating.count,
      bestRating: "5",
      worstRating: "1",
    };
  }
  return data;
}

/**
 * The JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` are escaped so that
 * no text in it (a product name with `</script>`) can close the element.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}
