/**
 * A same-site path to send the visitor back to, from an untrusted form field or query parameter.
 * Only a path that starts with a single `/` is accepted (not `//host` nor `/\host`, which browsers
 * read as another site); anything else gives `fallback`.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  // Control characters (tab, newline) are dropped by URL parsers and could turn `/\t/x` into `//x`.
  if ([...path].some((c) => c.charCodeAt(0) < 0x20)) return fallback;
  // Home's canonical URL is /{lang}/ (§2.1): a bare /es (as `useLocation` reports it) gets its slash.
  return path.replace(/^\/(es|en)(?=$|[?#])/, "/$1/");
}

/** Adds or replaces one query parameter of a same-site path, keeping the rest. */
export function withSearchParam(path: string, name: string, value: string): string {
  const url = new URL(path, "http://x");
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`.replace(/^\/(es|en)(?=$|[?#])/, "/$1/");
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
