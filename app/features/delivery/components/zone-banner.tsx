import { useRootData } from "~/components/root-data";
import { LocaleLink } from "~/components/locale-link";
import { useT } from "~/i18n/use-t";

/**
 * Under the header of every page: a warning when the municipality the visitor chose cannot be
 * delivered to now (paused, with the operator's reason, or not served), with a link to choose
 * another. Nothing when it is open or nothing was chosen.
 */
export function ZoneBanner() {
  const { zone } = useRootData();
  const t = useT();
  if (!zone || zone.state === "open") return null;
  return (
    <p role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950">
      {zone.state === "paused"
        ? t("header.zone.paused", { name: zone.name, reason: zone.reason })
        : t("header.zone.notServed", { name: zone.name })}{" "}
      <LocaleLink to="/delivery" className="font-semibold underline underline-offset-2">
        {t("header.zone.change")}
      </LocaleLink>
    </p>
  );
}
