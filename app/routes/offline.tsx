import { useEffect, useState } from "react";
import { LocaleLink } from "~/components/locale-link";
import { pageMeta, metaT } from "~/components/seo";
import { safeReturnPath } from "~/utils/offline-page";
import { requireLanguage } from "~/i18n/require-language";
import { useT } from "~/i18n/use-t";
import type { Route } from "./+types/offline";

/**
 * The page the service worker shows, in the URL's language, for a page not seen before while there
 * is no connection. It is precached at install without cookies, so it is the same
 * for everyone and names no one; the service worker redirects here with `?from=<the page asked for>`.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  requireLanguage(request, params.lang);
  return null;
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "public, max-age=0, must-revalidate" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("offline.page.title"), noIndex: true });

const BUTTON =
  "inline-block rounded-md px-5 py-3 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export default function OfflinePage() {
  const t = useT();
  // Read after hydration: the stored page was rendered without the query string.
  const [from, setFrom] = useState<string | null>(null);
  useEffect(() => setFrom(safeReturnPath(new URLSearchParams(window.location.search).get("from"))), []);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t("offline.page.title")}</h1>
      <p className="mt-4 text-slate-700">{t("offline.page.text")}</p>
      <p className="mt-1 text-slate-700">{t("offline.page.hint")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {from && (
          // A whole-document load: the service worker answers it from the network or the store.
          <a href={from} className={`${BUTTON} bg-amber-400 hover:bg-amber-500`}>
            {t("offline.page.retry")}
          </a>
        )}
        <LocaleLink to="/" reloadDocument className={`${BUTTON} border border-slate-300 bg-white hover:bg-slate-50`}>
          {t("offline.page.home")}
        </LocaleLink>
      </div>
    </section>
  );
}
