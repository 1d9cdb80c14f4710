import { useEffect, useRef } from "react";
import { useFetcher, useLocation, useSearchParams } from "react-router";
import type { TranslationKey } from "~/i18n/i18n";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import { NO_DISCOVERY } from "~/components/router-links";

/** What the `/{lang}/newsletter` action answers to a fetcher (routes/newsletter.ts). */
export type NewsletterResult = { ok: true } | { ok: false; error: TranslationKey };

/** `?newsletter=` flags set by the action after a submission without JavaScript. */
export const NEWSLETTER_FLAGS: Record<string, TranslationKey> = {
  thanks: "newsletter.thanks",
  required: "newsletter.email.required",
  invalid: "newsletter.email.invalid",
  tooLong: "newsletter.email.tooLong",
  error: "newsletter.error",
};

/**
 * decision “Newsletter” newsletter box. With JavaScript it posts through a fetcher and thanks in place; without, the
 * browser posts the form, the action redirects back with `?newsletter=<flag>` and this reads it.
 */
export function NewsletterForm() {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const [params] = useSearchParams();
  const fetcher = useFetcher<NewsletterResult>({ key: "newsletter" });
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);

  const flag = params.get("newsletter");
  const done = fetcher.data?.ok === true || (fetcher.data === undefined && flag === "thanks");
  const errorKey =
    fetcher.data && !fetcher.data.ok
      ? fetcher.data.error
      : fetcher.data === undefined && flag && flag !== "thanks"
        ? NEWSLETTER_FLAGS[flag]
        : undefined;
  const busy = fetcher.state !== "idle";

  // With JavaScript the server's messages (in the page's language) replace the browser's own.
  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, [done]);

  // The form is replaced by the thanks message: move focus there so it is not lost.
  useEffect(() => {
    if (fetcher.data?.ok) thanks.current?.focus();
  }, [fetcher.data]);

  return (
    <div id="newsletter">
      <h2 className="text-base font-bold text-white">{t("newsletter.title")}</h2>
      <div role="status">
        {done && (
          <p
            ref={thanks}
            tabIndex={-1}
            className="mt-2 rounded-md bg-emerald-900/60 p-3 text-sm text-white outline-none"
          >
            {t("newsletter.thanks")}
          </p>
        )}
      </div>
      {!done && (
        <>
          <p className="mt-1 text-sm text-slate-300">{t("newsletter.text")}</p>
          <fetcher.Form
            {...NO_DISCOVERY}
            ref={form}
            method="post"
            action={localePath(lang, "/newsletter")}
            className="mt-3"
            preventScrollReset
          >
            <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
            <label htmlFor="newsletter-email" className="mb-1 block text-sm font-medium text-slate-200">
              {t("newsletter.email")}
            </label>
            <div className="flex gap-2">
              <input
                id="newsletter-email"
                name="email"
                type="email"
                required
                maxLength={254}
                autoComplete="email"
                inputMode="email"
                placeholder={t("newsletter.placeholder")}
                aria-invalid={errorKey ? true : undefined}
                aria-describedby={errorKey ? "newsletter-error" : undefined}
                className="h-11 min-w-0 flex-1 rounded-md border border-slate-500 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none focus-visible:ring-3 focus-visible:ring-amber-400"
              />
              <button
                type="submit"
                disabled={busy}
                className="h-11 shrink-0 rounded-md bg-amber-400 px-4 font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300 disabled:opacity-70"
              >
                {busy ? t("newsletter.sending") : t("newsletter.submit")}
              </button>
            </div>
            {errorKey && (
              <p id="newsletter-error" role="alert" className="mt-2 text-sm font-medium text-red-300">
                {t(errorKey)}
              </p>
            )}
          </fetcher.Form>
        </>
      )}
    </div>
  );
}
