import { redirect } from "react-router";
import { NotFoundPage } from "~/components/status-pages";
import { notFound } from "~/i18n/require-language";
import { resolveUnprefixedPath } from "~/i18n/route-rules";
import type { Route } from "./+types/catch-all";

/** §2.1 for paths outside `:lang` (in practice `/`, which goes to `/es/`). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const outcome = resolveUnprefixedPath(url.pathname, url.search);
  if (outcome.kind === "redirect") throw redirect(outcome.location, 302);
  notFound();
}

export default function CatchAll() {
  return <NotFoundPage />;
}
