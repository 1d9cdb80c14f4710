import { useLocation } from "react-router";
import { CheckIcon } from "./icons";
import { useRootData } from "./root-data";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";

/**
 * The settings menu's "Ahorro de datos" switch (docs/decisions/014-data-saver.md): a plain POST form, so that the
 * page comes back as a whole new document, with or without the app's JavaScript.
 */
export function DataSaverForm() {
  const t = useT();
  const lang = useLang();
  const { dataSaver } = useRootData();
  const location = useLocation();
  return (
    <form method="post" action={localePath(lang, "/set-data-saver")}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        name="data_saver"
        value={dataSaver ? "off" : "on"}
        aria-pressed={dataSaver === true}
        className="menu-opt w-full text-left"
      >
        {t("dataSaver.label")}
        {dataSaver && <CheckIcon size={16} className="text-blue-700" />}
      </button>
    </form>
  );
}
