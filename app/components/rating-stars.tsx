import { Stars } from "~/components/ui/stars";
import { useT } from "~/i18n/use-t";

/**
 * The real average rating (decision “Real ratings”): five stars filled to the rating (`Stars`), then
 * the review count. Without reviews: 'Aún no hay reseñas' / 'No reviews yet'.
 */
export function RatingStars({ rating, count }: { rating: number | null; count: number }) {
  const t = useT();
  if (rating === null || count === 0) {
    return <p className="fine">{t("product.noReviews")}</p>;
  }
  const value = rating.toFixed(1);
  return (
    <p className="fine flex items-center gap-1">
      <span className="sr-only">
        {t("product.rating", { rating: value })}, {t("product.reviews", { count })}
      </span>
      <Stars rating={rating} />
      <span aria-hidden="true">
        {value} ({count})
      </span>
    </p>
  );
}
