import { metaT, pageMeta } from "~/components/seo";
import { ComingSoonPage } from "~/features/accounts/components/coming-soon";
import { requireUser } from "~/features/accounts/require-user.server";
import { requireLanguage } from "~/i18n/require-language";
import { useT } from "~/i18n/use-t";
import type { Route } from "./+types/checkout";

/** Needs sign-in (§6): a signed-out visitor goes to the login page at once and comes back (D7). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  requireLanguage(request, params.lang);
  requireUser(request, context);
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("accounts.pages.checkout"), noIndex: true });

export default function Page() {
  const t = useT();
  return <ComingSoonPage title={t("accounts.pages.checkout")} />;
}
