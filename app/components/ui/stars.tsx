import type { CSSProperties } from "react";

/**
 * Five stars filled to `rating` (0 to 5), drawn by one CSS mask (`.rating-stars` in app.css) so that
 * a card costs a few bytes; decorative: the caller says the rating in text.
 */
export function Stars({ rating, className = "" }: { rating: number; className?: string }) {
  const style = { "--rating": `${(Math.min(5, Math.max(0, rating)) / 5) * 100}%` } as CSSProperties;
  return <span aria-hidden="true" className={className ? `rating-stars ${className}` : "rating-stars"} style={style} />;
}
