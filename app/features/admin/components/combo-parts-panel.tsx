/**
 * A combo's contents in the product form (docs/decisions/015-combos.md): on the new combo page a
 * fixed number of part rows (a product and its units), which work without JavaScript; empty rows
 * are ignored and the server checks every row. On the edit page, the contents as fixed.
 */
import { TextField } from "~/components/ui/form-fields";
import { useT } from "~/i18n/use-t";
import { SelectField } from "./form";
import type { ProductFormProps } from "./product-form";
import { AdminPanel } from "./ui";

type FieldProps = { id: string; name: string; label: string; defaultValue: string; error?: string };

export function ComboPartsPanel({
  combo,
  text,
}: {
  combo: NonNullable<ProductFormProps["combo"]>;
  text: (name: string) => FieldProps;
}) {
  const t = useT();
  const rows = combo.partRows ?? 0;
  return (
    <AdminPanel id="product-section-combo" title={t("admin.combos.section")}>
      <p className="mb-2 text-sm text-slate-700">
        {rows > 0 ? t("admin.combos.help", { rows }) : t("admin.combos.stockHelp")}
      </p>
      {combo.contents && (
        <p data-combo-admin-contents className="text-sm text-slate-900">
          {t("admin.combos.contents", {
            items: combo.contents.map((part) => `${part.quantity} × ${part.name}`).join(", "),
          })}
        </p>
      )}
      {rows > 0 && (
        <ol className="space-y-3">
          {Array.from({ length: rows }, (_, i) => (
            <li
              key={i}
              className="grid gap-2 border-t border-slate-100 pt-2 first:border-0 first:pt-0 sm:grid-cols-[1fr_8rem]"
            >
              <SelectField
                {...text(`part${i + 1}`)}
                options={[["", t("admin.combos.partPick")], ...(combo.partOptions ?? [])]}
              />
              <TextField {...text(`partQty${i + 1}`)} inputMode="numeric" autoComplete="off" maxLength={2} />
            </li>
          ))}
        </ol>
      )}
    </AdminPanel>
  );
}
