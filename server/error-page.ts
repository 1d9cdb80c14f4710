/**
 * The page a browser gets when a request fails outside React Router (a middleware, the API, media):
 * React Router renders its own error page (components/status-pages.tsx), this one has no framework
 * to lean on. Plain HTML in the path's language with the request id as a reference code, and
 * nothing about the error itself.
 */
import { en } from "~/i18n/en";
import { es } from "~/i18n/es";
import { translate } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";

/** Whether the client asked for a page (a browser's navigation) rather than data. */
export function prefersHtml(accept: string | undefined): boolean {
  return /\btext\/html\b/i.test(accept ?? "");
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function errorPageHtml(lang: Language, requestId: string | undefined): string {
  const t = (key: string, values?: Record<string, string>) =>
    escapeHtml(translate(lang === "en" ? en : es, lang, key, values));
  const reference = requestId ? `<p>${t("error.reference", { id: requestId })}</p>` : "";
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t("error.title")}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;text-align:center"><h1>${t("error.title")}</h1><p>${t("error.text")}</p>${reference}<p><a href="/${lang}/">${t("error.home")}</a></p></body></html>`;
}
