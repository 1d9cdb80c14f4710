/**
 * A combo's badge and contents (docs/decisions/015-combos.md), server-rendered text on cards,
 * list rows and the product page: no script of their own.
 */
import type { ProductCardDto } from "~/features/catalog/types";
import { useT } from "~/i18n/use-t";

type Parts = ProductCardDto["combo_parts"];

/** The "Combo" badge. */
export function ComboBadge({ className = "" }: { className?: string }) {
  const t = useT();
  return (
    <span
      data-combo-badge
      className={`inline-flex items-center rounded bg-violet-800 px-1.5 py-0.5 text-xs font-bold text-white ${className}`}
    >
      {t("catalog.item.combo")}
    </span>
  );
}

/** "Contiene: 2 × Arroz 1 kg, 1 × Aceite 1 L". */
export function ComboContents({ parts, className = "" }: { parts: Parts; className?: string }) {
  const t = useT();
  if (parts.length === 0) return null;
  const items = parts.map((part) => t("catalog.item.comboPart", { count: part.quantity, name: part.name })).join(", ");
  return (
    <p data-combo-contents className={`text-xs text-slate-700 ${className}`}>
      {t("catalog.item.comboContains", { items })}
    </p>
  );
}
