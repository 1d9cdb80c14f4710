import { useLocation } from "react-router";
import { useRootData } from "~/components/root-data";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";

/**
 * Data saver (docs/decisions/014-data-saver.md): on a data-saver page, one line says why the images wait and offers to show this
 * page's images (public/data-saver.js unhides the button: it needs that script) or to turn the
 * mode off (a plain form: works with no script at all).
 */
export function DataSaverNotice() {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  if (!useRootData().dataSaver) return null;
  return (
    <section
      aria-label={t("dataSaver.label")}
      className="border-b border-emerald-200 bg-emerald-50 px-4 py-1.5 text-sm text-emerald-950"
    >
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-3 gap-y-1">
        <p>{t("dataSaver.notice")}</p>
        <button id="ds-show-all" type="button" hidden className="ds-btn">
          {t("dataSaver.showImages")}
        </button>
        <form method="post" action={localePath(lang, "/set-data-saver")}>
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button type="submit" name="data_saver" value="off" className="ds-btn">
            {t("dataSaver.turnOff")}
          </button>
        </form>
      </div>
    </section>
  );
}
