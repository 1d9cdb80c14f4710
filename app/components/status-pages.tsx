import { useT } from "~/i18n/use-t";
import { LocaleLink } from "./locale-link";
import { useRequestReference } from "./request-reference";

/**
 * §2.1 fallback page, shown with HTTP 404 for any unknown path (header and footer come from the
 * root layout). The language is the path's prefix when it is es or en, else Spanish.
 */
export function NotFoundPage() {
  const t = useT();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-blue-800 uppercase">{t("notFound.code")}</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{t("notFound.title")}</h1>
      <p className="mt-4 text-slate-700">{t("notFound.text")}</p>
      <p className="mt-1 text-slate-700">{t("notFound.search")}</p>
      <LocaleLink
        to="/"
        className="mt-8 inline-block rounded-md bg-amber-400 px-5 py-3 font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {t("notFound.home")}
      </LocaleLink>
    </section>
  );
}

/**
 * A friendly page for unexpected errors (or a refused request, with its own `text`); details only in development (no stack traces in
 * production). The request's id is shown as a reference code: it finds the server's
 * log lines of the failure when the shopper quotes it.
 */
export function ErrorPage({ details, text }: { details?: string; text?: string }) {
  const t = useT();
  const reference = useRequestReference();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t("error.title")}</h1>
      <p className="mt-4 text-slate-700">{text ?? t("error.text")}</p>
      {reference && (
        <p className="mt-4 text-sm break-all text-slate-600" data-request-id={reference}>
          {t("error.reference", { id: reference })}
        </p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* A plain link reloads the page from the server: the retry the visitor expects. */}
        <a
          href=""
          className="inline-block rounded-md bg-amber-400 px-5 py-3 font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {t("error.retry")}
        </a>
        <LocaleLink
          to="/"
          className="inline-block rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {t("error.home")}
        </LocaleLink>
      </div>
      {details && (
        <pre className="mt-8 overflow-auto rounded-md bg-slate-100 p-4 text-left text-xs text-slate-800">{details}</pre>
      )}
    </section>
  );
}
