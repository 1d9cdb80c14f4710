import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { ChevronGlyph } from "~/components/icons";
import { LocaleLink } from "~/components/locale-link";
import { type ProductCardData, ProductCard, ROW_CARD_SIZES } from "./product-card";
import { ProductSkeletons } from "~/components/ui/skeleton";

/** A horizontal row of cards on phones (swipe), a grid from tablets up. */
export const ROW_LAYOUT = "no-scrollbar prow";

/**
 * A titled home section of product cards (§2.5) with an optional 'see all' link. Shows skeletons
 * while `products` is null; renders nothing when the list is empty.
 */
export function ProductRow({
  id,
  title,
  products,
  seeAllTo,
  eager = 0,
}: {
  id: string;
  title: string;
  products: ProductCardData[] | null;
  seeAllTo?: string;
  /** How many leading cards load their image at once (above the fold). */
  eager?: number;
}) {
  const t = useT();
  if (products && products.length === 0) return null;
  return (
    <Section
      id={id}
      title={title}
      action={
        seeAllTo ? (
          <LocaleLink to={seeAllTo} className="more-link flex items-center gap-0.5">
            {t("home.seeAll")}
            <span className="sr-only">: {title}</span>
            <ChevronGlyph />
          </LocaleLink>
        ) : null
      }
    >
      {products ? (
        <ul className={ROW_LAYOUT}>
          {products.map((product, i) => (
            <li key={product.id}>
              <ProductCard product={product} eager={i < eager} sizes={ROW_CARD_SIZES} />
            </li>
          ))}
        </ul>
      ) : (
        <ProductSkeletons count={4} className={ROW_LAYOUT} />
      )}
    </Section>
  );
}

/** A white home panel with a heading and an optional action on the right. */
export function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={`${id}-title`} className="panel-title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
