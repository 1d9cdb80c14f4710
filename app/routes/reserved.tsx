import { useMatches } from "react-router";
import { metaT, pageMeta } from "~/components/seo";
import type { TranslationKey } from "~/i18n/i18n";
import { useT } from "~/i18n/use-t";
import type { Route } from "./+types/reserved";

/**
 * §2.1 reserved account routes (`/activate/{uid}/{token}`, `/reset_password`,
 * `/password/reset/confirm/{uid}/{token}`): not redirected to a language prefix, shown in Spanish.
 * A placeholder until the accounts work builds them.
 */
const TITLES: Record<string, TranslationKey> = {
  "reserved-activate": "reserved.activate",
  "reserved-reset-password": "reserved.resetPassword",
  "reserved-reset-confirm": "reserved.resetConfirm",
};

export const meta: Route.MetaFunction = (args) => {
  const id = args.matches.at(-1)?.id ?? "";
  return pageMeta(args, { title: metaT(args)(TITLES[id] ?? "reserved.title"), noIndex: true });
};

export default function Reserved() {
  const t = useT();
  const id = useMatches().at(-1)?.id ?? "";
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t(TITLES[id] ?? "reserved.title")}</h1>
      <p className="mt-4 text-lg font-semibold text-blue-900">{t("reserved.title")}</p>
      <p className="mt-2 text-slate-700">{t("reserved.text")}</p>
    </section>
  );
}
