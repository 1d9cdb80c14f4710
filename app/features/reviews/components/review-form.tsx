import { useEffect, useId, useRef, useState } from "react";
import { useActionData, useFetcher, useLocation } from "react-router";
import { Link, NO_DISCOVERY } from "~/components/router-links";
import { useHydrated } from "~/utils/use-hydrated";
import { Stars } from "~/components/ui/stars";
import type { TranslationKey } from "~/i18n/i18n";
import { useT } from "~/i18n/use-t";
import {
  COMMENT_MAX,
  COMMENT_MIN,
  REVIEW_FETCHER_KEY,
  type ReviewActionData,
  type ReviewFieldErrors,
  type ReviewIntent,
  checkReview,
  RATING_MAX,
} from "../limits";

const STAR_VALUES = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** The §9 label of each star value (terrible, poor, average, good, excellent). */
const STAR_LABELS: Record<number, TranslationKey> = {
  1: "reviews.form.star.1",
  2: "reviews.form.star.2",
  3: "reviews.form.star.3",
  4: "reviews.form.star.4",
  5: "reviews.form.star.5",
};

export const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60";
export const PRIMARY = `${BUTTON} bg-blue-800 text-white hover:bg-blue-900`;
export const SECONDARY = `${BUTTON} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;

/** The answer of the last review post: the fetcher's (JavaScript) or the page's (without). */
export function useReviewResult(): { result: ReviewActionData | undefined; busy: ReviewIntent | null } {
  const fetcher = useFetcher<ReviewActionData>({ key: REVIEW_FETCHER_KEY });
  const actionData = useActionData() as ReviewActionData | undefined;
  const pending = fetcher.formData?.get("intent");
  return {
    result: fetcher.data ?? actionData,
    busy: fetcher.state !== "idle" ? ((typeof pending === "string" ? pending : null) as ReviewIntent | null) : null,
  };
}

/**
 * The review form of §2.11 (decision “Review comments”): a 1-5 star rating as radio buttons with the §9 labels and a
 * comment with a live counter. A plain POST form with an `intent` that works before JavaScript;
 * once hydrated it posts through the shared fetcher, so the page updates in place, and checks the
 * decision “Review comments” rules live with the same limits as the server's schema (no zod in the browser: budget).
 */
export function ReviewForm({
  intent,
  initial,
  onDoneHref,
}: {
  intent: "review-create" | "review-update";
  initial: { rating: number | null; comment: string };
  /** Where Cancel goes (the page without the open form). */
  onDoneHref: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const location = useLocation();
  const fetcher = useFetcher<ReviewActionData>({ key: REVIEW_FETCHER_KEY });
  const { result } = useReviewResult();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Without JavaScript a refused post comes back with what was typed and the server's messages.
  const echoed = result && !result.ok && result.intent === intent ? result : undefined;
  const [rating, setRating] = useState<number | null>(() => {
    const value = Number(echoed?.values?.rating);
    return echoed?.values
      ? Number.isInteger(value) && value >= 1 && value <= RATING_MAX
        ? value
        : null
      : initial.rating;
  });
  const [comment, setComment] = useState(echoed?.values?.comment ?? initial.comment);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ReviewFieldErrors>(echoed?.fieldErrors ?? {});

  // The server's field errors of the last post (JavaScript), until the field is changed.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && fetcher.data.intent === intent) {
      setServerErrors(fetcher.data.fieldErrors ?? {});
    }
  }, [fetcher.state, fetcher.data, intent]);

  // Opening the form (a click on Write or Edit) moves the focus to it.
  useEffect(() => {
    if (hydrated) headingRef.current?.focus();
  }, [hydrated]);

  const live = checkReview({ rating, comment });
  const errors: ReviewFieldErrors = {
    rating: serverErrors.rating ?? (attempted ? live.rating : undefined),
    // Shown from the first submit on, then live; not on blur, where a message appearing would move
    // the submit button away from under the pointer that is pressing it.
    comment: serverErrors.comment ?? (attempted ? live.comment : undefined),
  };
  const length = comment.trim().length;
  const busy = fetcher.state !== "idle";
  const titleId = `${id}-title`;
  const ratingErrorId = `${id}-rating-error`;
  const commentErrorId = `${id}-comment-error`;
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;

  return (
    <fetcher.Form
      {...NO_DISCOVERY}
      method="post"
      action={`${location.pathname}${location.search}`}
      noValidate={hydrated}
      aria-labelledby={titleId}
      className="rounded-lg border border-slate-200 bg-slate-50/60 p-4 sm:p-5"
      onSubmit={(event) => {
        if (!hydrated) return;
        setAttempted(true);
        if (live.rating || live.comment) {
          event.preventDefault();
          const first = event.currentTarget.querySelector<HTMLElement>(
            live.rating ? "input[name=rating]" : "textarea[name=comment]",
          );
          first?.focus();
        }
      }}
    >
      <h3 id={titleId} ref={headingRef} tabIndex={-1} className="text-base font-bold text-slate-900 focus:outline-none">
        {t(intent === "review-create" ? "reviews.form.createTitle" : "reviews.form.editTitle")}
      </h3>
      <input type="hidden" name="intent" value={intent} />
      {hydrated && <input type="hidden" name="js" value="1" />}

      <fieldset
        className="mt-3"
        aria-invalid={errors.rating ? true : undefined}
        aria-describedby={errors.rating ? ratingErrorId : undefined}
      >
        <legend className="text-sm font-semibold text-slate-800">{t("reviews.form.rating")}</legend>
        <div className="mt-2 grid grid-cols-1 gap-1.5 min-[420px]:grid-cols-5">
          {STAR_VALUES.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-800 has-checked:border-blue-800 has-checked:bg-blue-50 has-checked:ring-1 has-checked:ring-blue-800 has-focus-visible:outline-2 has-focus-visible:outline-blue-700 min-[420px]:flex-col min-[420px]:items-start min-[420px]:gap-1"
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="rating"
                  value={value}
                  required
                  checked={rating === value}
                  onChange={() => {
                    setRating(value);
                    setServerErrors((e) => ({ ...e, rating: undefined }));
                  }}
                  className="size-4 accent-blue-800"
                />
                <span className="sr-only">
                  {t("reviews.form.starLabel", {
                    stars: t("reviews.stars", { count: value }),
                    label: t(STAR_LABELS[value]),
                  })}
                </span>
                <span aria-hidden="true" className="font-medium">
                  {t(STAR_LABELS[value])}
                </span>
              </span>
              <Stars rating={value} className="text-sm" />
            </label>
          ))}
        </div>
        {errors.rating && <FieldError id={ratingErrorId} message={t(errors.rating as TranslationKey)} />}
      </fieldset>

      <div className="mt-4">
        <label htmlFor={`${id}-comment`} className="block text-sm font-semibold text-slate-800">
          {t("reviews.form.comment")}
        </label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          rows={5}
          required
          maxLength={COMMENT_MAX}
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
            setServerErrors((e) => ({ ...e, comment: undefined }));
          }}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={[errors.comment ? commentErrorId : null, hintId, hydrated ? counterId : null]
            .filter(Boolean)
            .join(" ")}
          className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-xs focus:outline-none focus-visible:ring-3 focus-visible:ring-blue-600/60 ${
            errors.comment ? "border-red-700" : "border-slate-400"
          }`}
        />
        <div className="mt-1 flex items-start justify-between gap-3 text-sm">
          <div>
            {errors.comment && <FieldError id={commentErrorId} message={t(errors.comment as TranslationKey)} />}
            <p id={hintId} className="text-slate-600">
              {t("reviews.form.hint", { min: COMMENT_MIN, max: COMMENT_MAX })}
            </p>
          </div>
          {hydrated && (
            <p
              id={counterId}
              className={`shrink-0 tabular-nums ${length > COMMENT_MAX || (length > 0 && length < COMMENT_MIN) ? "text-red-800" : "text-slate-600"}`}
            >
              <span aria-hidden="true">{t("reviews.form.counter", { count: length, max: COMMENT_MAX })}</span>
              <span className="sr-only">{t("reviews.form.counterLabel", { count: length, max: COMMENT_MAX })}</span>
            </p>
          )}
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={PRIMARY}>
          {busy
            ? t("reviews.form.sending")
            : t(intent === "review-create" ? "reviews.form.submit" : "reviews.form.update")}
        </button>
        <Link to={onDoneHref} replace preventScrollReset className={SECONDARY}>
          {t("reviews.cancel")}
        </Link>
      </div>
    </fetcher.Form>
  );
}

function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      <span aria-hidden="true">⚠ </span>
      {message}
    </p>
  );
}
