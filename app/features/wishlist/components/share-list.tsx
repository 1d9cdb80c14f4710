import { useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { useT } from "~/i18n/use-t";

const BUTTON =
  "inline-flex min-h-11 cursor-pointer items-center justify-center rounded-full border border-slate-300 bg-white px-5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/**
 * §2.17 share list (the spec gives it no behaviour): copies the page's link to the clipboard with
 * JavaScript and says so; without JavaScript (or when the clipboard refuses) it shows the link.
 */
export function ShareList({ url }: { url: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "copied" | "show">("idle");

  if (!hydrated) {
    return (
      <details className="relative">
        <summary className={`${BUTTON} list-none [&::-webkit-details-marker]:hidden`}>{t("wishlist.share")}</summary>
        <ShareLink url={url} />
      </details>
    );
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
      window.setTimeout(() => setState("idle"), 3000);
    } catch {
      setState("show");
    }
  }

  return (
    <div>
      <button type="button" onClick={copy} className={BUTTON}>
        {t("wishlist.share")}
      </button>
      <p role="status" className={state === "copied" ? "mt-1 text-sm font-medium text-emerald-800" : "sr-only"}>
        {state === "copied" ? t("wishlist.share.copied") : ""}
      </p>
      {state === "show" && <ShareLink url={url} />}
    </div>
  );
}

function ShareLink({ url }: { url: string }) {
  const t = useT();
  return (
    <p className="mt-2">
      <label className="block text-sm text-slate-700">
        {t("wishlist.share.link")}
        <input
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="mt-1 block w-full min-w-64 rounded-md border border-slate-300 px-3 py-2 text-base"
        />
      </label>
    </p>
  );
}
