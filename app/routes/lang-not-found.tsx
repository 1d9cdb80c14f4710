import { NotFoundPage } from "~/components/status-pages";
import { notFound, requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/lang-not-found";

/** Any `/{lang}/...` path that no page claims: §2.1 redirect for unprefixed paths, else 404. */
export function loader({ request, params }: Route.LoaderArgs) {
  requireLanguage(request, params.lang);
  notFound();
}

// A component makes this a page route, so the 404 renders through the root ErrorBoundary.
export default function LanguageNotFound() {
  return <NotFoundPage />;
}
