import { useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { useT } from "~/i18n/use-t";

/** §9: comments are truncated after 200 characters. */
export const COMMENT_PREVIEW_CHARS = 200;

/**
 * The first `limit` characters of `text`, cut back to the last word boundary, or null when the
 * text is not longer than `limit` (nothing to truncate). Counts characters, not UTF-16 units.
 */
export function commentPreview(text: string, limit = COMMENT_PREVIEW_CHARS): string | null {
  const chars = Array.from(text.trim());
  if (chars.length <= limit) return null;
  let cut = chars.slice(0, limit).join("");
  const space = cut.lastIndexOf(" ");
  if (space > limit * 0.6) cut = cut.slice(0, space);
  return cut.replace(/[\s.,;:!?¡¿-]+$/u, "");
}

const TOGGLE =
  "rounded font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-blue-700";

/**
 * A review comment, long ones truncated with 'Ver más' / 'Ver menos' (§2.11). Before JavaScript
 * (and without it) a `<details>` does the same; once hydrated a button with `aria-expanded`
 * replaces it, laid out identically while closed so that nothing moves.
 */
export function ReviewComment({ id, text }: { id: string; text: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [expanded, setExpanded] = useState(false);
  const preview = commentPreview(text);
  const body = "mt-2 leading-relaxed whitespace-pre-line text-slate-800";

  if (!preview) return <p className={body}>{text}</p>;

  if (!hydrated) {
    return (
      <details className={`group ${body} open:flex open:flex-col`}>
        <summary className="cursor-pointer list-none group-open:order-last [&::-webkit-details-marker]:hidden">
          <span className="group-open:hidden">
            {preview}… <span className={TOGGLE}>{t("reviews.showMore")}</span>
          </span>
          <span className={`hidden group-open:inline ${TOGGLE}`}>{t("reviews.showLess")}</span>
        </summary>
        <span>{text}</span>
      </details>
    );
  }

  return (
    <p id={id} className={body}>
      {expanded ? text : `${preview}…`}{" "}
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded(!expanded)}
        className={TOGGLE}
      >
        {expanded ? t("reviews.showLess") : t("reviews.showMore")}
      </button>
    </p>
  );
}
