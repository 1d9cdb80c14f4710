import { data, useLoaderData } from "react-router";
import { metaT, pageMeta } from "~/components/seo";
import { AdminPanel } from "~/features/admin/components/ui";
import { requireStaff } from "~/features/admin/guard.server";
import { newsletterCsvFilename, newsletterStats } from "~/features/content/newsletter-admin.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/newsletter";

// (decision “Newsletter”) how many subscribers, in which language, and the CSV export.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "newsletter");
  requireLanguage(request, params.lang);
  const stats = await newsletterStats(db);
  return { ...stats, filename: newsletterCsvFilename() };
}

/** Nothing to post here: refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "newsletter", "change");
  throw data(null, { status: 405 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.newsletter.title"), noIndex: true });

export default function AdminNewsletter() {
  const { total, byLanguage, filename } = useLoaderData<typeof loader>();
  const t = useT();
  const href = useLocalePath();
  const languageName = (code: string) =>
    code === "es" || code === "en" ? t(`admin.newsletter.language.${code}`) : code;
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold text-slate-900">{t("admin.newsletter.title")}</h1>
      <p className="text-sm text-slate-700">{t("admin.newsletter.intro")}</p>
      <AdminPanel id="newsletter-count" title={t("admin.newsletter.subscribers")}>
        <p className="text-2xl font-bold text-slate-900 tabular-nums">
          {t("admin.newsletter.total", { count: total })}
        </p>
        {byLanguage.length > 0 && (
          <dl className="mt-2 grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            {byLanguage.map((row) => (
              <div key={row.language} className="contents">
                <dt className="text-slate-700">{languageName(row.language)}</dt>
                <dd className="text-end font-semibold tabular-nums">{row.count}</dd>
              </div>
            ))}
          </dl>
        )}
      </AdminPanel>
      <AdminPanel id="newsletter-export" title={t("admin.newsletter.export")}>
        <p className="mb-2 text-sm text-slate-700">{t("admin.newsletter.exportHint")}</p>
        {/* A plain link: the browser downloads the file (no client-side routing for a resource route). */}
        <a
          href={href("/admin/newsletter.csv")}
          download={filename}
          className="inline-flex min-h-11 items-center justify-center rounded-md bg-amber-400 px-4 text-sm font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {t("admin.newsletter.download")}
        </a>
      </AdminPanel>
    </div>
  );
}
