import { useEffect, useState } from "react";
import { useRootData } from "~/components/root-data";
import { useT } from "~/i18n/use-t";
import { TONE_CLASSES, tKey } from "~/components/ui/form-fields";

/** §4.9: alerts clear themselves after 12 s (with JavaScript; without it they stay until the next page). */
export const ALERT_TIMEOUT_MS = 12_000;

/** The one-shot alert the last action left (flash cookie, read by the root loader). */
export function FlashAlert() {
  const { flash } = useRootData();
  if (!flash) return null;
  return <FlashMessage key={flash.id} flash={flash} />;
}

function FlashMessage({ flash }: { flash: NonNullable<ReturnType<typeof useRootData>["flash"]> }) {
  const t = useT();
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setOpen(false), ALERT_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!open) return null;
  return (
    <div className="mx-auto max-w-screen-xl px-3 pt-3 sm:px-4">
      <div
        role={flash.tone === "error" ? "alert" : "status"}
        data-flash={flash.tone}
        className={`flex items-start justify-between gap-3 rounded-md border-l-4 p-3 text-sm font-medium sm:text-base ${TONE_CLASSES[flash.tone]}`}
      >
        <p className="py-1">{tKey(t, flash.key, flash.values)}</p>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-lg leading-none hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <span aria-hidden="true">×</span>
          <span className="sr-only">{t("accounts.alert.close")}</span>
        </button>
      </div>
    </div>
  );
}
