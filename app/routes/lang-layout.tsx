import { Outlet, type ShouldRevalidateFunction } from "react-router";
import { requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/lang-layout";
import { RouteErrorBoundary } from "~/components/route-error";

/** The `:lang` segment: es and en pass; §2.1 redirects or a 404 otherwise (docs/style.md). */
export function loader({ request, params }: Route.LoaderArgs) {
  requireLanguage(request, params.lang);
  return null;
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams }) =>
  currentParams.lang !== nextParams.lang;

export default function LanguageLayout() {
  return <Outlet />;
}

/** Its own error page: the root loader still runs, so the page keeps its messages (components/route-error.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} />;
}
