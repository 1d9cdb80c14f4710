import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Link, NO_DISCOVERY } from "~/components/router-links";
import { CheckIcon } from "~/components/icons";
import { useHydrated } from "~/utils/use-hydrated";
import { Stars } from "~/components/ui/stars";
import { useT } from "~/i18n/use-t";
import { REVIEW_FETCHER_KEY, type ReviewActionData } from "../limits";
import { ReviewComment } from "./review-comment";
import { SECONDARY } from "./review-form";
import type { ReviewView } from "../review-view";

const DANGER =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60";

/**
 * The signed-in customer's own review, first in the list and marked as theirs (§2.11), with Edit
 * (reopens the form prefilled) and Delete. Deleting asks first (§5): the Delete link opens a
 * confirmation step in place (`?review=delete`), whose button posts the delete, so that it works
 * the same with and without JavaScript.
 */
export function OwnReview({
  review,
  confirming,
  editHref,
  deleteHref,
  cancelHref,
}: {
  review: ReviewView;
  confirming: boolean;
  editHref: string;
  deleteHref: string;
  cancelHref: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const fetcher = useFetcher<ReviewActionData>({ key: REVIEW_FETCHER_KEY });
  const confirmRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (confirming && hydrated) confirmRef.current?.focus();
  }, [confirming, hydrated]);

  return (
    <section
      aria-labelledby="own-review-title"
      className="rounded-lg border border-blue-200 bg-blue-50/50 p-4 sm:p-5"
      data-own-review
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="own-review-title" tabIndex={-1} className="text-base font-bold text-blue-950 focus:outline-none">
          {t("reviews.yours")}
        </h3>
        {review.verified_purchase && (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            <CheckIcon size={12} />
            {t("reviews.verified")}
          </span>
        )}
      </div>
      {/* As the other shoppers see it. */}
      <p className="mt-1 text-sm font-semibold text-slate-800">{review.user}</p>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm">
        <Stars rating={review.rating} />
        <span className="sr-only">{t("product.rating", { rating: review.rating.toFixed(1) })}</span>
        <time dateTime={review.date_created} className="text-slate-600">
          {review.date_label}
        </time>
      </p>
      <ReviewComment id={`review-${review.id}-comment`} text={review.comment} />

      {confirming ? (
        <div className="mt-4 rounded-md border border-red-200 bg-white p-3">
          <p ref={confirmRef} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
            {t("reviews.delete.confirm")}
          </p>
          <fetcher.Form {...NO_DISCOVERY} method="post" action={deleteHref} className="mt-3 flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="review-delete" />
            {hydrated && <input type="hidden" name="js" value="1" />}
            <button type="submit" className={DANGER} disabled={fetcher.state !== "idle"}>
              {t("reviews.delete.yes")}
            </button>
            <Link to={cancelHref} replace preventScrollReset className={SECONDARY}>
              {t("reviews.cancel")}
            </Link>
          </fetcher.Form>
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={editHref} replace preventScrollReset className={SECONDARY}>
            {t("reviews.edit")}
          </Link>
          <Link to={deleteHref} replace preventScrollReset className={SECONDARY}>
            {t("reviews.delete")}
          </Link>
        </div>
      )}
    </section>
  );
}
