import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { data, redirect, useFetcher } from "react-router";
import { ChatIcon, MailIcon, PhoneIcon, WhatsappIcon } from "~/components/icons";
import { LocaleLink } from "~/components/locale-link";
import { useRootData } from "~/components/root-data";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { useHydrated } from "~/utils/use-hydrated";
import { PROVIDER_SATISFACTION_PERCENT } from "~/features/content/policy";
import { type ApplicationResult, ApplicationForm } from "~/features/providers/components/application-form";
import { sellPanels } from "~/features/providers/components/sell-panels";
import { SELL_TABS, type SellTab, SellTabs, parseSellTab } from "~/features/providers/components/sell-tabs";
import { processStep, REVIEW_STEP } from "~/features/providers/process";
import { submitProviderApplication } from "~/features/providers/providers.server";
import {
  PROVIDER_FIELDS,
  PROVIDER_FIELD_LIMITS,
  type ProviderField,
  type ProviderTextField,
  ProviderApplicationSchema,
  providerFieldErrors,
  providerFormInput,
} from "~/features/providers/schemas";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useLang, useT } from "~/i18n/use-t";
import type { Route } from "./+types/sell-with-us";
import { isDocumentRequest } from "./+shared/safe-redirect";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/forms.server";

/** Every visitor may share one rendering of this page (server/page-cache/shared-pages.ts). */
export const handle = { pageCache: "shared" } as const;

/**
 * §2.19 "Sell with us": the state of the page lives in its URL so that it works without
 * JavaScript: `?tab=` picks the panel, `?apply=1` opens the application form, `?sent=1` shows the
 * success after a form post made without JavaScript (post/redirect/get).
 */
export function loader({ request, params }: Route.LoaderArgs) {
  requireLanguage(request, params.lang);
  const search = new URL(request.url).searchParams;
  return {
    tab: parseSellTab(search.get("tab")),
    apply: search.get("apply") === "1",
    sent: search.get("sent") === "1",
  };
}

/** What was typed, each value cut to its field's maximum (nothing oversized is sent back). */
function echo(input: Record<ProviderField, string | boolean>): Partial<Record<ProviderField, string>> {
  const out: Partial<Record<ProviderField, string>> = {};
  for (const field of PROVIDER_FIELDS) {
    const value = input[field];
    const max = field in PROVIDER_FIELD_LIMITS ? PROVIDER_FIELD_LIMITS[field as ProviderTextField].max : 20;
    out[field] = typeof value === "boolean" ? (value ? "on" : "") : value.slice(0, max);
  }
  return out;
}

/**
 * §4.7 / §5: the shared schema again on the server, then `submitProviderApplication` (rate limit,
 * store as pending, emails) in the page's language. A form post made without JavaScript is
 * redirected to `?sent=1#apply` on success; a fetcher gets `{ ok, id }`.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, env, clientIp } = context.get(appContext);
  const input = providerFormInput(await readForm(request));
  const values = echo(input);
  const parsed = ProviderApplicationSchema.safeParse(input);
  if (!parsed.success) {
    return data<ApplicationResult>({ ok: false, errors: providerFieldErrors(parsed.error), values }, { status: 400 });
  }
  let id: number;
  try {
    const result = await submitProviderApplication({ db, env }, parsed.data, lang, { ip: clientIp });
    if (!result.ok) {
      return data<ApplicationResult>(
        {
          ok: false,
          formError: "sell.form.rateLimited",
          formErrorValues: { minutes: Math.ceil(result.retryAfterSeconds / 60) },
          values,
        },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    id = result.application.id;
  } catch (error) {
    logger.error({ err: error }, "Provider application failed");
    return data<ApplicationResult>({ ok: false, formError: "sell.form.error", values }, { status: 500 });
  }
  if (isDocumentRequest(request)) throw redirect(`${localePath(lang, "/sell-with-us")}?sent=1#apply`, 303);
  return data<ApplicationResult>({ ok: true, id }, { status: 201 });
}

/**
 * With JavaScript, a request that fails on its way (no connection, a proxy's error page, a crash)
 * becomes the §8 message above the form instead of the error page.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ApplicationResult> {
  try {
    return (await serverAction()) as ApplicationResult;
  } catch {
    return { ok: false, formError: "sell.form.error" };
  }
}

export const meta: Route.MetaFunction = (args) => {
  const t = metaT(args);
  return pageMeta(args, { title: t("sell.title"), description: t("sell.description") });
};

const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-md px-6 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";

export default function SellWithUs({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { company } = useRootData();
  const hydrated = useHydrated();
  const fetcher = useFetcher<ApplicationResult>({ key: "provider-application" });
  const actionResult = actionData as ApplicationResult | undefined;
  const [open, setOpen] = useState(loaderData.apply || loaderData.sent || actionResult !== undefined);
  const [sentDismissed, setSentDismissed] = useState(false);
  const start = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const success = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);

  const result = fetcher.data ?? actionResult;
  const sent = result?.ok === true || (result === undefined && loaderData.sent && !sentDismissed);
  const page = localePath(lang, "/sell-with-us");
  const tabHref = (tab: SellTab) => `${page}${tab === "overview" ? "" : `?tab=${tab}`}#tabs`;
  const withTab = loaderData.tab === "overview" ? "" : `tab=${loaderData.tab}&`;
  const name = company?.name || t("site.name");

  // The form opened by the button: focus moves into it (its heading), and back to the button when closed.
  useEffect(() => {
    if (!opened.current) return;
    (open ? heading.current : start.current)?.focus();
  }, [open]);
  useEffect(() => {
    if (fetcher.data?.ok) success.current?.focus();
  }, [fetcher.data]);

  function toggle(next: boolean) {
    opened.current = true;
    setOpen(next);
    if (!next) {
      setSentDismissed(true);
      if (fetcher.data) fetcher.reset();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Escape" && hydrated) {
      event.preventDefault();
      toggle(false);
    }
  }

  const closeControl = (label: string, primary = false) =>
    hydrated ? (
      <button
        type="button"
        onClick={() => toggle(false)}
        className={`${BUTTON} ${primary ? "bg-blue-900 text-white hover:bg-blue-950" : "border border-slate-400 bg-white text-slate-900 hover:bg-slate-100"} focus-visible:outline-blue-700`}
      >
        {label}
      </button>
    ) : (
      <a
        href={`${page}${withTab ? `?${withTab.slice(0, -1)}` : ""}`}
        className={`${BUTTON} ${primary ? "bg-blue-900 text-white hover:bg-blue-950" : "border border-slate-400 bg-white text-slate-900 hover:bg-slate-100"} focus-visible:outline-blue-700`}
      >
        {label}
      </a>
    );

  // §2.19: provider and product counts from company info (live counts), and the fixed satisfaction.
  const stats = [
    ...(company
      ? [
          { label: t("sell.stats.providers"), value: company.providers.toLocaleString(lang) },
          { label: t("sell.stats.products"), value: company.products.toLocaleString(lang) },
        ]
      : []),
    { label: t("sell.stats.satisfaction"), value: t("sell.stats.percent", { percent: PROVIDER_SATISFACTION_PERCENT }) },
  ];
  const digits = company?.sells_phone.replace(/\D/g, "") ?? "";
  const apply = processStep("apply");

  return (
    <div className="mx-auto max-w-screen-xl space-y-6 px-3 py-4 sm:px-4 sm:py-6">
      <section className="rounded-xl bg-blue-950 px-5 py-8 text-white sm:px-10 sm:py-12">
        <h1 className="max-w-3xl text-3xl font-bold sm:text-4xl">{t("sell.hero.heading", { name })}</h1>
        <p className="mt-3 max-w-3xl text-lg text-slate-200">{t("sell.hero.text")}</p>
        <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-3">
          {hydrated ? (
            <button
              ref={start}
              type="button"
              aria-expanded={open}
              aria-controls="apply"
              onClick={() => (open ? heading.current?.focus() : toggle(true))}
              className={`${BUTTON} bg-amber-400 text-lg text-slate-900 hover:bg-amber-500 focus-visible:outline-amber-300`}
            >
              {t("sell.hero.start")}
            </button>
          ) : (
            <a
              href={`${page}?${withTab}apply=1#apply`}
              className={`${BUTTON} bg-amber-400 text-lg text-slate-900 hover:bg-amber-500 focus-visible:outline-amber-300`}
            >
              {t("sell.hero.start")}
            </a>
          )}
          <p className="text-slate-200">{t("sell.hero.time", { min: apply.min, max: apply.max })}</p>
        </div>
      </section>

      <div id="apply" onKeyDown={onKeyDown} className="scroll-mt-4">
        {open && (
          <section
            aria-labelledby={sent ? "apply-success" : "apply-title"}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-8"
          >
            {sent ? (
              <div role="status" className="text-center">
                <h2
                  id="apply-success"
                  ref={success}
                  tabIndex={-1}
                  className="text-2xl font-bold text-emerald-800 outline-none"
                >
                  {t("sell.form.success.title")}
                </h2>
                <p className="mx-auto mt-2 max-w-xl text-slate-800">
                  {t("sell.form.success.text", { min: REVIEW_STEP.min, max: REVIEW_STEP.max })}
                </p>
                <div className="mt-5">{closeControl(t("sell.form.close"), true)}</div>
              </div>
            ) : (
              <ApplicationForm
                fetcher={fetcher}
                action={`${page}#apply`}
                result={result}
                hydrated={hydrated}
                headingRef={heading}
                cancel={closeControl(t("sell.form.cancel"))}
              />
            )}
          </section>
        )}
      </div>

      <section aria-labelledby="sell-stats">
        <h2 id="sell-stats" className="sr-only">
          {t("sell.stats.label")}
        </h2>
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          {stats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse rounded-lg border border-slate-200 bg-white p-2 text-center sm:p-4"
            >
              <dt className="text-sm text-slate-700 sm:text-base">{stat.label}</dt>
              <dd className="text-2xl font-bold text-blue-900 sm:text-3xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div id="tabs" className="scroll-mt-4">
        <SellTabs
          initial={loaderData.tab}
          label={t("sell.tabs.label")}
          labels={Object.fromEntries(SELL_TABS.map((tab) => [tab, t(`sell.tabs.${tab}`)])) as Record<SellTab, string>}
          hrefFor={tabHref}
          panels={sellPanels(t)}
          hydrated={hydrated}
        />
      </div>

      <section aria-labelledby="sell-contact" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="sell-contact" className="text-xl font-bold text-slate-900">
          {t("sell.contact.title")}
        </h2>
        <p className="mt-1 text-slate-700">{t("sell.contact.text")}</p>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {company?.sells_phone && (
            <li>
              <a href={`tel:${company.sells_phone.replace(/[^\d+]/g, "")}`} className={CONTACT}>
                <PhoneIcon className="shrink-0 text-blue-800" />
                <span>
                  <span className="block text-sm text-slate-700">{t("sell.contact.phone")}</span>
                  <span className="block font-semibold">{company.sells_phone}</span>
                </span>
              </a>
            </li>
          )}
          {company?.sales_email && (
            <li>
              <a href={`mailto:${company.sales_email}`} className={CONTACT}>
                <MailIcon className="shrink-0 text-blue-800" />
                <span className="min-w-0">
                  <span className="block text-sm text-slate-700">{t("sell.contact.email")}</span>
                  <span className="block font-semibold break-words">{company.sales_email}</span>
                </span>
              </a>
            </li>
          )}
          {digits && (
            <li>
              <a href={`https://wa.me/${digits}`} rel="noopener" className={CONTACT}>
                <WhatsappIcon className="shrink-0 text-emerald-700" />
                <span className="font-semibold">{t("sell.contact.whatsapp")}</span>
              </a>
            </li>
          )}
          <li>
            <LocaleLink to="/chat" className={CONTACT}>
              <ChatIcon className="shrink-0 text-blue-800" />
              <span className="font-semibold">{t("sell.contact.chat")}</span>
            </LocaleLink>
          </li>
        </ul>
        <p className="mt-4 text-sm text-slate-700">{t("sell.contact.availability")}</p>
      </section>
    </div>
  );
}

const CONTACT =
  "flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 p-3 text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
