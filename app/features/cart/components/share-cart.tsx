import { useState } from "react";
import { Form } from "~/components/router-links";
import { useT } from "~/i18n/use-t";
import { useHydrated } from "~/utils/use-hydrated";

/** What the cart page's share action answered: the link and when it stops working, or why not. */
export type ShareOutcome = { ok: true; url: string; expires: string } | { ok: false; error: "sharedCart.errors.empty" };

const BUTTON =
  "inline-flex min-h-11 cursor-pointer items-center justify-center rounded-full border border-slate-300 bg-white px-5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/**
 * Shareable cart (docs/features.md), "Compartir carrito": a plain form post (works without JavaScript) that makes a
 * link valid for `days` days; the page then shows the link as selectable text, with a copy button
 * once JavaScript runs.
 */
export function ShareCart({ outcome, days }: { outcome: ShareOutcome | null; days: number }) {
  const t = useT();
  return (
    <section aria-labelledby="share-cart-title" className="rounded-lg bg-white p-4 shadow-xs sm:p-5">
      <h2 id="share-cart-title" className="text-lg font-bold text-slate-900">
        {t("sharedCart.share.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("sharedCart.share.text", { days })}</p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="share" />
        <button type="submit" className={BUTTON}>
          {t("sharedCart.share.button")}
        </button>
      </Form>
      {outcome && !outcome.ok && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {t(outcome.error)}
        </p>
      )}
      {outcome?.ok && <SharedLink url={outcome.url} expires={outcome.expires} />}
    </section>
  );
}

function SharedLink({ url, expires }: { url: string; expires: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="mt-3">
      <label className="block text-sm font-medium text-slate-800">
        {t("sharedCart.share.link")}
        <input
          readOnly
          value={url}
          data-shared-link
          onFocus={(event) => event.currentTarget.select()}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
        />
      </label>
      <p className="mt-1 text-xs text-slate-600">
        {hydrated ? "" : `${t("sharedCart.share.selectHint")} `}
        {t("sharedCart.share.expires", { date: expires })}
      </p>
      {hydrated && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <button type="button" onClick={copy} className={BUTTON}>
            {t("sharedCart.share.copy")}
          </button>
          <p role="status" className="text-sm font-medium text-emerald-800">
            {copied ? t("sharedCart.share.copied") : ""}
          </p>
        </div>
      )}
    </div>
  );
}
