import { data, useLoaderData } from "react-router";
import { Pagination } from "~/components/pagination";
import { metaT, pageMeta } from "~/components/seo";
import { AdminPanel } from "~/features/admin/components/ui";
import { AUDIT_QUERY_MAX, auditEntities, auditPage } from "~/features/audit/audit-page.server";
import { requireStaff } from "~/features/admin/guard.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import { roleLabel } from "~/features/staff/permissions";
import type { Route } from "./+types/audit";

// The audit log, newest first, 50 a page, filtered by a plain GET form.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "audit");
  const lang = requireLanguage(request, params.lang);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, AUDIT_QUERY_MAX);
  const entities = await auditEntities(db);
  // An entity the log does not hold is no filter at all (a stale or made-up link).
  const requested = url.searchParams.get("entity") ?? "";
  const entity = entities.includes(requested) ? requested : "";
  const asked = Number.parseInt(url.searchParams.get("p") ?? "1", 10);
  const page = Number.isFinite(asked) && asked > 0 ? Math.min(asked, 1_000_000) : 1;
  const result = await auditPage(db, lang, { page, entity, q });
  return { ...result, page, entity, q, entities, queryMax: AUDIT_QUERY_MAX };
}

/** Nothing to post here: refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "audit", "change");
  throw data(null, { status: 405 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.audit.title"), noIndex: true });

const FIELD =
  "min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700";
const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export default function AdminAudit() {
  const { rows, total, page, pageCount, entity, q, entities, queryMax } = useLoaderData<typeof loader>();
  const t = useT();
  const href = useLocalePath();
  const filtered = entity !== "" || q !== "";
  const pageHref = (p: number) => {
    const params = new URLSearchParams();
    if (entity) params.set("entity", entity);
    if (q) params.set("q", q);
    if (p > 1) params.set("p", String(p));
    const search = params.toString();
    return href(`/admin/audit${search ? `?${search}` : ""}`);
  };
  const empty = (value: string | null) =>
    value === null ? <span className="text-slate-500 italic">{t("admin.audit.emptyValue")}</span> : value;
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold text-slate-900">{t("admin.audit.title")}</h1>
      <p className="text-sm text-slate-700">{t("admin.audit.intro")}</p>

      <form
        method="get"
        action={href("/admin/audit")}
        aria-label={t("admin.audit.filter.label")}
        className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
      >
        <div>
          <label htmlFor="audit-entity" className="mb-1 block text-sm font-medium">
            {t("admin.audit.filter.entity")}
          </label>
          <select id="audit-entity" name="entity" defaultValue={entity} className={FIELD}>
            <option value="">{t("admin.audit.filter.all")}</option>
            {entities.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-q" className="mb-1 block text-sm font-medium">
            {t("admin.audit.filter.q")}
          </label>
          <input
            id="audit-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={queryMax}
            aria-describedby="audit-q-hint"
            className={FIELD}
          />
          <p id="audit-q-hint" className="mt-1 text-xs text-slate-600">
            {t("admin.audit.filter.qHint")}
          </p>
        </div>
        <div className="flex gap-2 sm:mb-5">
          <button type="submit" className={`${BUTTON} bg-blue-800 text-white hover:bg-blue-900`}>
            {t("admin.audit.filter.submit")}
          </button>
          {filtered && (
            <a href={href("/admin/audit")} className={`${BUTTON} border border-slate-300 bg-white text-slate-800`}>
              {t("admin.audit.filter.clear")}
            </a>
          )}
        </div>
      </form>

      <AdminPanel id="audit-entries" title={t("admin.audit.count", { count: total })}>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-700">{t(filtered ? "admin.audit.emptyFiltered" : "admin.audit.empty")}</p>
        ) : (
          <ol className="divide-y divide-slate-200">
            {rows.map((row) => (
              <li key={row.id} className="py-2">
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
                  <dt className="font-semibold text-slate-600">{t("admin.audit.when")}</dt>
                  <dd>
                    <time dateTime={row.iso}>{row.when}</time>
                  </dd>
                  <dt className="font-semibold text-slate-600">{t("admin.audit.who")}</dt>
                  <dd className="break-all">{row.who}</dd>
                  <dt className="font-semibold text-slate-600">{t("admin.audit.role")}</dt>
                  <dd>{t(roleLabel(row.role))}</dd>
                  <dt className="font-semibold text-slate-600">{t("admin.audit.action")}</dt>
                  <dd className="font-mono text-xs break-all">{row.action}</dd>
                  <dt className="font-semibold text-slate-600">{t("admin.audit.entity")}</dt>
                  <dd className="font-mono text-xs break-all">
                    {row.entity}
                    {row.entityId && ` #${row.entityId}`}
                  </dd>
                </dl>
                {row.changes.length === 0 ? (
                  <p className="mt-1 text-xs text-slate-600">{t("admin.audit.noChanges")}</p>
                ) : (
                  <table className="mt-1 w-full table-fixed border-collapse text-xs">
                    <caption className="sr-only">{`${t("admin.audit.changes")}: ${row.action} ${row.entity} ${row.entityId}`}</caption>
                    <thead>
                      <tr className="bg-slate-50 text-slate-600">
                        <th scope="col" className="w-1/4 px-1 py-0.5 text-start font-semibold">
                          {t("admin.audit.field")}
                        </th>
                        <th scope="col" className="px-1 py-0.5 text-start font-semibold">
                          {t("admin.audit.before")}
                        </th>
                        <th scope="col" className="px-1 py-0.5 text-start font-semibold">
                          {t("admin.audit.after")}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {row.changes.map((change) => (
                        <tr key={change.field} className="border-t border-slate-100 align-top">
                          <th scope="row" className="px-1 py-0.5 text-start font-mono font-normal break-all">
                            {change.field}
                          </th>
                          <td className="px-1 py-0.5 font-mono break-all">{empty(change.before)}</td>
                          <td className="px-1 py-0.5 font-mono break-all">{empty(change.after)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </li>
            ))}
          </ol>
        )}
        <Pagination page={page} pageCount={pageCount} hrefFor={pageHref} />
      </AdminPanel>
    </div>
  );
}
