const BASE = "http://same-site.invalid";

/** Home's canonical URL is /{lang}/ (§2.1): a bare /es (as `useLocation` reports it) gets its slash. */
const withHomeSlash = (path: string) => path.replace(/^\/(es|en)(?=$|[?#])/, "/$1/");

/**
 * The same-site path a resolved URL stands for, or null. WHATWG URL parsing is the normalisation
 * a browser applies to a `Location` header, so what is checked is what the browser will follow;
 * `pathname`, `search` and `hash` come out percent-encoded (ASCII only), which a header can carry.
 */
function sameSitePath(url: URL): string | null {
  // `/.//evil` resolves to the path `//evil`, which a browser reads as another host.
  if (url.origin !== BASE || url.pathname.startsWith("//")) return null;
  return withHomeSlash(`${url.pathname}${url.search}${url.hash}`);
}

/**
 * A same-site path to send the visitor back to, from an untrusted form field or query parameter
 * (the one function every redirect goes through). It is normalised first (dot segments,
 * backslashes, as a browser would), then checked to still be a path on this site (not `//host`,
 * `/\host`, `/.//host`, a scheme or a control character), then percent-encoded (`/es/日`,
 * `¿`). Anything else gives `fallback`.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  // Only a path; control characters (tab, newline) are dropped by URL parsers and can hide `//`.
  if (!path.startsWith("/") || path.length > 2048 || /\p{Cc}/u.test(path)) return fallback;
  // A browser treats `\` as `/` in a path: `/\evil` is `//evil`. Refuse outright rather than guess.
  if (path.includes("\\")) return fallback;
  let url: URL;
  try {
    url = new URL(path, BASE);
  } catch {
    return fallback;
  }
  return sameSitePath(url) ?? fallback;
}

/** Adds or replaces one query parameter of a same-site path (from `safeRedirectPath`), keeping the rest. */
export function withSearchParam(path: string, name: string, value: string): string {
  const url = new URL(safeRedirectPath(path, "/"), BASE);
  url.searchParams.set(name, value);
  return sameSitePath(url) ?? "/";
}

/**
 * Whether a form was posted by the browser itself (no JavaScript) rather than by React Router's
 * fetch. Navigations accept HTML; fetch() sends `*\/*`.
 */
export function isDocumentRequest(request: Request): boolean {
  return (
    (request.headers.get("Sec-Fetch-Dest") ?? "") === "document" ||
    (request.headers.get("Accept") ?? "").includes("text/html")
  );
}
