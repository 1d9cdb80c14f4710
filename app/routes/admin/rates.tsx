import { redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { Form } from "~/components/router-links";
import { Pagination } from "~/components/pagination";
import { metaT, pageMeta } from "~/components/seo";
import { ErrorSummary, FormMessage, SubmitButton, TextField, tKey } from "~/components/ui/form-fields";
import { AdminPanel, AdminTable } from "~/features/admin/components/ui";
import { adminDateTime, adminDay } from "~/features/admin/format.server";
import { type AdminFormResult, formValues, parseWith, refuse } from "~/features/admin/forms.server";
import { requireStaff } from "~/features/admin/guard.server";
import {
  RATES_PAGE_SIZE,
  RATE_MAX_CENTS,
  RATE_MIN_CENTS,
  RATE_SOURCE_MAX,
  RateSchema,
  createRate,
  currentRate,
  listRates,
} from "~/features/currency/rates-admin.server";
import { DEFAULT_EXCHANGE_RATE } from "~/features/currency/default-rate";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import { havanaDate } from "~/utils/dates";
import type { Route } from "./+types/rates";
import { readForm } from "~/utils/forms.server";

// (decisions “Prices are kept in US cents”, “One exchange rate”) the current rate, its history newest first, and a new rate.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "rates");
  const lang = requireLanguage(request, params.lang);
  const url = new URL(request.url);
  const asked = Number.parseInt(url.searchParams.get("p") ?? "1", 10);
  const page = Number.isFinite(asked) && asked > 0 ? Math.min(asked, 1_000_000) : 1;
  const [current, history] = await Promise.all([currentRate(db), listRates(db, { page })]);
  const numberFormat = new Intl.NumberFormat(lang === "en" ? "en-US" : "es-CU", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  // Display only: the stored decimal string has at most 8 significant digits, exact in a double.
  const shown = (rate: string) => numberFormat.format(Number(rate));
  return {
    today: havanaDate(),
    page,
    pageCount: Math.max(1, Math.ceil(history.total / RATES_PAGE_SIZE)),
    total: history.total,
    defaultRate: DEFAULT_EXCHANGE_RATE,
    bounds: { min: RATE_MIN_CENTS / 100, max: RATE_MAX_CENTS / 100 },
    sourceMax: RATE_SOURCE_MAX,
    current: current && {
      rate: shown(current.rate),
      date: adminDay(current.effectiveDate, lang),
      isoDate: current.effectiveDate,
      source: current.source,
    },
    rows: history.rows.map((row, index) => ({
      id: row.id,
      rate: shown(row.rate),
      date: adminDay(row.effectiveDate, lang),
      isoDate: row.effectiveDate,
      source: row.source,
      entered: adminDateTime(row.createdAt, lang),
      enteredIso: row.createdAt.toISOString(),
      enteredBy: row.enteredBy,
      current: page === 1 && index === 0,
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = requireStaff(context, "rates", "change");
  const lang = requireLanguage(request, params.lang);
  const form = await readForm(request);
  const parsed = parseWith(RateSchema, formValues(form));
  if (!parsed.ok) return refuse(parsed.errors, form);
  const result = await createRate(db, actor, parsed.data);
  if (!result.ok) return refuse(result.errors, form);
  return redirect(`/${lang}/admin/rates?saved=1`, 303);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.rates.title"), noIndex: true });

export default function AdminRates() {
  const { today, page, pageCount, total, defaultRate, bounds, sourceMax, current, rows } =
    useLoaderData<typeof loader>();
  const result = useActionData<AdminFormResult>();
  const [search] = useSearchParams();
  const t = useT();
  const href = useLocalePath();
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  const labels = {
    rate: t("admin.rates.field.rate"),
    effectiveDate: t("admin.rates.field.date"),
    source: t("admin.rates.field.source"),
  };
  const errorText = (field: keyof typeof labels) =>
    errors[field]
      ? tKey(t, errors[field], { min: bounds.min, max: bounds.max, today, current: current?.isoDate ?? "" })
      : undefined;
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold text-slate-900">{t("admin.rates.title")}</h1>
      {search.get("saved") && !result && <FormMessage tone="success">{t("admin.rates.saved")}</FormMessage>}

      <AdminPanel id="rates-current" title={t("admin.rates.current")}>
        {current ? (
          <>
            <p className="text-2xl font-bold text-slate-900 tabular-nums">
              {t("admin.rates.perUsd", { rate: current.rate })}
            </p>
            <p className="text-sm text-slate-700">
              {t("admin.rates.since", { date: current.date, source: current.source })}
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-700">{t("admin.rates.none", { rate: defaultRate })}</p>
        )}
        <p className="mt-1 text-xs text-slate-600">{t("admin.rates.currentRule")}</p>
      </AdminPanel>

      <AdminPanel id="rates-new" title={t("admin.rates.new")}>
        <ErrorSummary errors={errors} labels={labels} idPrefix="rate" />
        <Form method="post" noValidate className="grid gap-3 sm:grid-cols-3">
          <TextField
            id="rate-rate"
            name="rate"
            label={labels.rate}
            inputMode="decimal"
            autoComplete="off"
            required
            hint={t("admin.rates.hint.rate", { min: bounds.min, max: bounds.max })}
            error={errorText("rate")}
            defaultValue={values.rate ?? ""}
          />
          <TextField
            id="rate-effectiveDate"
            name="effectiveDate"
            type="date"
            label={labels.effectiveDate}
            required
            max={today}
            min={current?.isoDate}
            hint={t("admin.rates.hint.date")}
            error={errorText("effectiveDate")}
            defaultValue={values.effectiveDate ?? today}
          />
          <TextField
            id="rate-source"
            name="source"
            label={labels.source}
            required
            maxLength={sourceMax}
            hint={t("admin.rates.hint.source")}
            error={errorText("source")}
            defaultValue={values.source ?? ""}
          />
          <div className="sm:col-span-3 sm:max-w-xs">
            <SubmitButton>{t("admin.rates.submit")}</SubmitButton>
          </div>
        </Form>
      </AdminPanel>

      <AdminPanel id="rates-history" title={t("admin.rates.history", { count: total })}>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-700">{t("admin.rates.empty")}</p>
        ) : (
          <AdminTable
            caption={t("admin.rates.historyCaption")}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                key: "rate",
                header: t("admin.rates.col.rate"),
                label: t("admin.rates.col.rate"),
                cell: (row) => (
                  <span className="font-semibold tabular-nums">
                    {row.rate}
                    {row.current && (
                      <span className="ms-2 rounded bg-green-100 px-2 py-0.5 text-xs text-green-900">
                        {t("admin.rates.currentBadge")}
                      </span>
                    )}
                  </span>
                ),
              },
              {
                key: "date",
                header: t("admin.rates.col.date"),
                label: t("admin.rates.col.date"),
                cell: (row) => <time dateTime={row.isoDate}>{row.date}</time>,
              },
              {
                key: "source",
                header: t("admin.rates.col.source"),
                label: t("admin.rates.col.source"),
                cell: (row) => <span className="break-words">{row.source}</span>,
              },
              {
                key: "entered",
                header: t("admin.rates.col.entered"),
                label: t("admin.rates.col.entered"),
                cell: (row) => (
                  <span className="text-end sm:text-start">
                    <time dateTime={row.enteredIso}>{row.entered}</time>
                    <br />
                    <span className="text-xs break-all text-slate-600">
                      {row.enteredBy ?? t("admin.rates.enteredOutside")}
                    </span>
                  </span>
                ),
              },
            ]}
          />
        )}
        <Pagination page={page} pageCount={pageCount} hrefFor={(p) => href(`/admin/rates${p > 1 ? `?p=${p}` : ""}`)} />
      </AdminPanel>
    </div>
  );
}
