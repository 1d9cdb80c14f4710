import { useEffect, useRef } from "react";
import { useFetcher, useLocation, useNavigate, useNavigation, useSubmit } from "react-router";
import { Form, Link } from "~/components/router-links";
import { CheckIcon } from "~/components/icons";
import { useHydrated } from "~/utils/use-hydrated";
import { Stars } from "~/components/ui/stars";
import { KeepParams, withParams } from "~/features/catalog/components/product-url-state";
import type { MessageKey } from "~/i18n/i18n";
import { useT } from "~/i18n/use-t";
import { REVIEW_FETCHER_KEY, type ReviewActionData } from "../limits";
import type { ReviewView } from "../review-view";
import type { ReviewListQuery, ReviewSort } from "../schemas";
import { OwnReview } from "./own-review";
import { ReviewComment } from "./review-comment";
import { PRIMARY, ReviewForm, useReviewResult } from "./review-form";

/** The summary of §2.11 as the page receives it (reviews.server.ts `ReviewSummary`). */
export type ReviewSummaryView = {
  average: number | null;
  count: number;
  distribution: Record<1 | 2 | 3 | 4 | 5, number>;
};

/** Which review form the URL opens (`?review=`), so that each works as a plain link without JavaScript. */
export type ReviewMode = "write" | "edit" | "delete" | null;

function reviewMode(params: URLSearchParams, signedIn: boolean, own: ReviewView | null): ReviewMode {
  const mode = params.get("review");
  if (mode === "write" && signedIn && !own) return "write";
  if ((mode === "edit" || mode === "delete") && own) return mode;
  return null;
}

/** The four §2.11 orders with their labels; typed against schemas.ts so none can be missed. */
const SORT_LABELS: Record<ReviewSort, MessageKey> = {
  recent: "reviews.sort.recent",
  helpful: "reviews.sort.helpful",
  highest: "reviews.sort.highest",
  lowest: "reviews.sort.lowest",
};
const STAR_ROWS = [5, 4, 3, 2, 1] as const;

/** Every review control lives in the reviews tab: its forms and links keep it open. */
const TAB = "tab";

/**
 * The reviews tab (§2.11): average with one decimal, the 1-5 distribution whose rows filter by
 * that rating (again to clear), the four sort orders, up to 20 reviews with long comments
 * truncated and the verified-purchase badge. Signed out: a note with a login link instead of a
 * write button (§6). Signed in: a write button, or the customer's own review first, marked as
 * theirs, with edit and delete (after a confirmation). Filter and sort are GET forms on the page
 * URL (`?rating=4&sort=...`); the write, edit and delete steps are `?review=` links and POST forms,
 * so that all of it works without JavaScript; with it the router updates the panel in place.
 */
export function ReviewsPanel({
  summary,
  reviews,
  own,
  signedIn,
  query,
  loginHref,
}: {
  summary: ReviewSummaryView;
  reviews: ReviewView[];
  own: ReviewView | null;
  signedIn: boolean;
  query: ReviewListQuery;
  loginHref: string;
}) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const hasReviews = summary.count > 0 && summary.average !== null;
  const mode = reviewMode(new URLSearchParams(location.search), signedIn, own);
  const { result, busy } = useReviewResult();
  const fetcher = useFetcher<ReviewActionData>({ key: REVIEW_FETCHER_KEY });
  const href = (review: string | null) => withParams(location, { review, [TAB]: "reviews" });

  // A post through the fetcher succeeded (the loader has reloaded): close the form and put the
  // focus on what replaced it (the own review, or the write button after a delete).
  const handled = useRef<unknown>(fetcher.data);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    if (!fetcher.data.ok) return;
    if (new URLSearchParams(location.search).has("review")) {
      navigate(withParams(location, { review: null }), { replace: true, preventScrollReset: true });
    }
    requestAnimationFrame(() => document.getElementById(own ? "own-review-title" : "review-write")?.focus());
  });

  // Optimistic: a review being deleted is gone at once (it comes back if the delete fails).
  const shownOwn = own && busy !== "review-delete" ? own : null;
  const others = reviews.filter((review) => !review.is_own);
  const ownInView = own !== null && (!query.rating || Math.floor(own.rating) === query.rating);
  const total =
    (query.rating ? summary.distribution[query.rating as keyof ReviewSummaryView["distribution"]] : summary.count) -
    (ownInView ? 1 : 0);
  const message = mode === null && result ? result : undefined;

  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-10">
      <div>
        <h3 className="text-lg font-bold text-slate-900">{t("reviews.title")}</h3>
        {hasReviews ? (
          <>
            <div className="mt-2 flex items-center gap-3">
              <span aria-hidden="true" className="text-4xl font-bold text-slate-900">
                {summary.average!.toFixed(1)}
              </span>
              <div>
                <Stars rating={summary.average!} />
                <p className="text-sm text-slate-700">
                  <span className="sr-only">{t("reviews.outOf", { rating: summary.average!.toFixed(1) })}, </span>
                  {t("product.reviews", { count: summary.count })}
                </p>
              </div>
            </div>
            <Distribution summary={summary} active={query.rating} />
          </>
        ) : (
          <div className="mt-2">
            <p className="font-semibold text-slate-900">{t("reviews.empty")}</p>
            <p className="mt-1 text-sm text-slate-700">{t("reviews.emptyText")}</p>
          </div>
        )}
        {!signedIn ? (
          <p className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
            {t("reviews.login")}.{" "}
            <Link
              to={loginHref}
              className="rounded font-semibold whitespace-nowrap text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              {t("reviews.loginLink")}
            </Link>
          </p>
        ) : (
          !own &&
          mode !== "write" && (
            <Link id="review-write" to={href("write")} replace preventScrollReset className={`${PRIMARY} mt-4 w-full`}>
              {t("reviews.write")}
            </Link>
          )
        )}
      </div>

      {(hasReviews || mode === "write" || message) && (
        <div className="min-w-0 space-y-4">
          <div role="status" aria-live="polite" className="empty:hidden">
            {message?.ok && (
              <p className="rounded-md border-l-4 border-emerald-700 bg-emerald-50 p-3 text-sm font-medium text-emerald-900">
                {t(message.message as MessageKey)}
              </p>
            )}
          </div>
          {message && !message.ok && message.formError && (
            <p
              role="alert"
              className="rounded-md border-l-4 border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900"
            >
              {t(message.formError as MessageKey)}
            </p>
          )}
          {mode === "write" && (
            <ReviewForm intent="review-create" initial={{ rating: null, comment: "" }} onDoneHref={href(null)} />
          )}
          {own && mode === "edit" && (
            <ReviewForm
              intent="review-update"
              initial={{ rating: Math.min(5, Math.max(1, Math.round(own.rating))), comment: own.comment }}
              onDoneHref={href(null)}
            />
          )}
          {shownOwn && mode !== "edit" && (
            <OwnReview
              review={shownOwn}
              confirming={mode === "delete"}
              editHref={href("edit")}
              deleteHref={href("delete")}
              cancelHref={href(null)}
            />
          )}
          {hasReviews && (others.length > 0 || query.rating) && (
            <div>
              <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 pb-3">
                <FilterStatus rating={query.rating} />
                <SortForm sort={query.sort} />
              </div>
              <ReviewList reviews={others} total={total} rating={query.rating} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** The 5-to-1 star rows (floor of each rating): each a toggle button that filters by its rating. */
function Distribution({ summary, active }: { summary: ReviewSummaryView; active?: number }) {
  const t = useT();
  return (
    <Form method="get" replace preventScrollReset className="mt-4">
      <KeepParams except={["rating", TAB]} />
      <input type="hidden" name={TAB} value="reviews" />
      <ul className="space-y-0.5" aria-label={t("reviews.distribution")}>
        {STAR_ROWS.map((stars) => {
          const count = summary.distribution[stars];
          const percent = summary.count > 0 ? Math.round((count / summary.count) * 100) : 0;
          const pressed = active === stars;
          const starsLabel = t("reviews.stars", { count: stars });
          return (
            <li key={stars}>
              {/* Pressing the active row again submits no rating: the filter is cleared (§2.11). */}
              <button
                type="submit"
                name={pressed ? undefined : "rating"}
                value={pressed ? undefined : String(stars)}
                aria-pressed={pressed}
                className={`grid w-full grid-cols-[5.5rem_minmax(0,1fr)_2.75rem] items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700 ${
                  pressed ? "bg-blue-50 ring-1 ring-blue-700" : ""
                }`}
              >
                <span aria-hidden="true" className="font-medium text-blue-800">
                  {starsLabel}
                </span>
                <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-slate-200">
                  <span className="block h-full rounded-full bg-amber-500" style={{ width: `${percent}%` }} />
                </span>
                <span aria-hidden="true" className="text-right text-slate-700 tabular-nums">
                  {percent}%
                </span>
                <span className="sr-only">
                  {t("reviews.row", { stars: starsLabel, percent, reviews: t("product.reviews", { count }) })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Form>
  );
}

function FilterStatus({ rating }: { rating?: number }) {
  const t = useT();
  const location = useLocation();
  if (!rating) return <p className="text-sm font-semibold text-slate-900">{t("reviews.list")}</p>;
  return (
    <p className="flex flex-wrap items-center gap-x-3 text-sm">
      <span className="font-semibold text-slate-900">
        {t("reviews.filter.showing", { stars: t("reviews.stars", { count: rating }) })}
      </span>
      <Link
        to={withParams(location, { rating: null, [TAB]: "reviews" })}
        replace
        preventScrollReset
        className="rounded font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        {t("reviews.filter.clear")}
      </Link>
    </p>
  );
}

/** A select in a GET form: with JavaScript it applies on change and the button goes away. */
function SortForm({ sort }: { sort: ReviewSort }) {
  const t = useT();
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Form method="get" replace preventScrollReset className="flex items-center gap-2">
      <KeepParams except={["sort", TAB]} />
      <input type="hidden" name={TAB} value="reviews" />
      <label htmlFor="review-sort" className="text-sm text-slate-700">
        {t("reviews.sort.label")}
      </label>
      <select
        // Not keyed by `sort`: re-creating the select after each change would drop the keyboard focus.
        id="review-sort"
        name="sort"
        defaultValue={sort}
        onChange={(event) => {
          if (hydrated) submit(event.currentTarget.form, { replace: true, preventScrollReset: true });
        }}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        {(Object.keys(SORT_LABELS) as ReviewSort[]).map((value) => (
          <option key={value} value={value}>
            {t(SORT_LABELS[value])}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button
          type="submit"
          className="min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {t("reviews.sort.apply")}
        </button>
      )}
    </Form>
  );
}

function ReviewList({ reviews, total, rating }: { reviews: ReviewView[]; total: number; rating?: number }) {
  const t = useT();
  const navigation = useNavigation();
  const location = useLocation();
  // A new filter or order is loading for this same page: dim the list until it arrives.
  const busy = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  if (reviews.length === 0) {
    return (
      <p className="py-6 text-slate-700">
        {t("reviews.filter.none", { stars: t("reviews.stars", { count: rating ?? 0 }) })}
      </p>
    );
  }
  return (
    <>
      <ol
        aria-label={t("reviews.list")}
        aria-busy={busy || undefined}
        className={`divide-y divide-slate-100 ${busy ? "opacity-60" : ""}`}
      >
        {reviews.map((review) => (
          <li key={review.id} className="py-4">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span
                aria-hidden="true"
                className="flex size-8 items-center justify-center rounded-full bg-blue-100 text-sm font-bold text-blue-900"
              >
                {Array.from(review.user)[0]?.toUpperCase()}
              </span>
              <span className="font-semibold text-slate-900">{review.user}</span>
              {review.verified_purchase && (
                <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                  <CheckIcon size={12} />
                  {t("reviews.verified")}
                </span>
              )}
            </div>
            <p className="mt-1.5 flex flex-wrap items-center gap-x-3 text-sm">
              <Stars rating={review.rating} />
              <span className="sr-only">{t("product.rating", { rating: review.rating.toFixed(1) })}</span>
              <time dateTime={review.date_created} className="text-slate-600">
                {review.date_label}
              </time>
            </p>
            <ReviewComment id={`review-${review.id}-comment`} text={review.comment} />
            {review.helpful_count > 0 && (
              <p className="mt-2 text-xs text-slate-600">{t("reviews.helpful", { count: review.helpful_count })}</p>
            )}
          </li>
        ))}
      </ol>
      {total > reviews.length && (
        <p className="border-t border-slate-100 pt-3 text-sm text-slate-600">
          {t("reviews.shown", { shown: reviews.length, total })}
        </p>
      )}
    </>
  );
}
