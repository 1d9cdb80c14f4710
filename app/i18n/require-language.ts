import { data, redirect } from "react-router";
import { type Language, isLanguage } from "./languages";
import { resolveUnprefixedPath } from "./route-rules";

/**
 * The `:lang` segment as a Language, for loaders and actions under `/:lang` (docs/style.md: a bad value
 * is a 404). The `:lang` pattern also matches unprefixed paths such as `/login` or `/shop/x`, so
 * those get the §2.1 redirect to Spanish instead. Every loader under `:lang` calls this, because
 * loaders run in parallel and must not query with a bogus language.
 */
export function requireLanguage(request: Request, lang: string | undefined): Language {
  if (isLanguage(lang)) return lang;
  const url = new URL(request.url);
  const outcome = resolveUnprefixedPath(url.pathname, url.search);
  if (outcome.kind === "redirect") throw redirect(outcome.location, 302);
  throw data(null, { status: 404 });
}

/** Throws the 404 that the root ErrorBoundary renders as the not-found page. */
export function notFound(): never {
  throw data(null, { status: 404 });
}
