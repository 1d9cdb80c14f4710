import { NotFoundPage } from "~/components/status-pages";
import { notFound, requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/subcategory";

// Placeholder until the catalogue-browsing work lands this page.
export function loader({ request, params }: Route.LoaderArgs) {
  requireLanguage(request, params.lang);
  notFound();
}

export default function Placeholder() {
  return <NotFoundPage />;
}
