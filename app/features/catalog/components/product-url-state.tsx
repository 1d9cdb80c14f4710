import { useLocation } from "react-router";

/**
 * The page's URL holds the shopper's choices on the product page (colour, variety, image, tab,
 * review filter and sort), so that each choice works as a plain link or GET form without
 * JavaScript, survives a reload and can be shared. These two helpers change one choice and keep
 * the others.
 */

/** The current page's URL with some query parameters changed (null removes one). */
export function withParams(
  location: { pathname: string; search: string },
  changes: Record<string, string | null>,
): string {
  const next = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `${location.pathname}?${query}` : location.pathname;
}

/**
 * Hidden inputs that carry the current query parameters through a GET form, except those the
 * form itself sets (`except`), so that submitting one choice keeps the others.
 */
export function KeepParams({ except }: { except: readonly string[] }) {
  const { search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(([name]) => !except.includes(name));
  return (
    <>
      {kept.map(([name, value], i) => (
        <input key={`${i}-${name}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
