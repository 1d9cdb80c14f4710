import { useRootData } from "~/components/root-data";
import { LocaleLink } from "~/components/locale-link";
import { useT } from "~/i18n/use-t";

/**
 * The product and cart pages' line about delivery to the municipality the visitor chose: how many
 * business days, or why it cannot be delivered there now; with a link to choose another. Nothing
 * before a choice (the header's "Entregar en" offers it).
 */
export function DeliveryNote() {
  const { zone } = useRootData();
  const t = useT();
  if (!zone) return null;
  const open = zone.state === "open";
  return (
    <p className={`text-sm ${open ? "text-slate-700" : "font-medium text-amber-900"}`} data-testid="delivery-note">
      {open
        ? t("delivery.note.open", { name: zone.name, min: zone.minDays, max: zone.maxDays })
        : zone.state === "paused"
          ? t("delivery.note.paused", { name: zone.name, reason: zone.reason })
          : t("delivery.note.notServed", { name: zone.name })}{" "}
      <LocaleLink to="/delivery" className="text-blue-800 underline underline-offset-2">
        {t("delivery.note.choose")}
      </LocaleLink>
    </p>
  );
}
