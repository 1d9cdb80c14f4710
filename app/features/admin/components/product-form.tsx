/**
 * The product form of the back office (spec §3 Product), shared by the create
 * and edit pages: every field in Spanish and English, prices in USD, colours with their hex as
 * plain rows of inputs, varieties and features one per line, and up to 4 images. A plain multipart
 * form: it works before JavaScript, and the server checks every rule and answers each error beside
 * its field, with what was typed filled in again.
 */
import { Form } from "~/components/router-links";
import type { TranslationKey } from "~/i18n/i18n";
import { useT } from "~/i18n/use-t";
import { CheckboxField, ImageField, SelectField, TextAreaField } from "./form";
import { ErrorSummary, FormMessage, SubmitButton, TextField, tKey } from "~/components/ui/form-fields";
import { WHOLESALE_MIN_UNITS } from "~/features/cart/wholesale";
import { AdminPanel } from "./ui";
import { ComboPartsPanel } from "./combo-parts-panel";

export type ProductFormProps = {
  /** Field -> text to show (the stored product, or what was typed before a refusal). */
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
  categories: ReadonlyArray<readonly [string, string]>;
  cities: readonly string[];
  /** The current images by slot (edit page), or none. */
  images: ReadonlyArray<string | null>;
  colorRows: number;
  imageAccept: string;
  submitLabel: string;
  /**
   * A combo (decision 015): no stock field (its stock comes from its parts). `partOptions` and
   * `partRows` on the new combo page offer the part rows; the edit page shows `contents` instead.
   */
  combo?: {
    partRows?: number;
    partOptions?: ReadonlyArray<readonly [string, string]>;
    contents?: ReadonlyArray<{ name: string; quantity: number }>;
  };
};

/** The form's fields in order, with the key of their label: the error summary links to each. */
const FIELD_LABELS: Array<[string, TranslationKey]> = [
  ["name", "admin.products.field.name"],
  ["nameEn", "admin.products.field.nameEn"],
  ["description", "admin.products.field.description"],
  ["descriptionEn", "admin.products.field.descriptionEn"],
  ["categoryId", "admin.products.field.category"],
  ["price", "admin.products.field.price"],
  ["originalPrice", "admin.products.field.originalPrice"],
  ["wholesalePrice", "admin.products.field.wholesalePrice"],
  ["quantity", "admin.products.field.quantity"],
  ["sku", "admin.products.field.sku"],
  ["brand", "admin.products.field.brand"],
  ["model", "admin.products.field.model"],
  ["weight", "admin.products.field.weight"],
  ["dimensions", "admin.products.field.dimensions"],
  ["color", "admin.products.field.color"],
  ["varieties", "admin.products.field.varieties"],
  ["features", "admin.products.field.features"],
  ["featuresEn", "admin.products.field.featuresEn"],
  ["warranty", "admin.products.field.warranty"],
  ["shopCity", "admin.products.field.shopCity"],
];

export function ProductForm({
  values,
  errors,
  formError,
  categories,
  cities,
  images,
  colorRows,
  imageAccept,
  submitLabel,
  combo,
}: ProductFormProps) {
  const t = useT();
  const v = (name: string) => values[name] ?? "";
  const err = (name: string) => (errors[name] ? tKey(t, errors[name]) : undefined);
  const id = (name: string) => `product-${name}`;

  const labels: Record<string, string> = Object.fromEntries(FIELD_LABELS.map(([name, key]) => [name, t(key)]));
  for (let i = 0; i < colorRows; i++) {
    labels[`colorName${i}`] = t("admin.products.colors.name", { n: i + 1 });
    labels[`colorNameEn${i}`] = t("admin.products.colors.nameEn", { n: i + 1 });
    labels[`colorHex${i}`] = t("admin.products.colors.hex", { n: i + 1 });
  }
  for (let slot = 1; slot <= images.length; slot++) labels[`image${slot}`] = t("admin.products.image", { n: slot });
  for (let row = 1; row <= (combo?.partRows ?? 0); row++) {
    labels[`part${row}`] = t("admin.combos.part", { n: row });
    labels[`partQty${row}`] = t("admin.combos.partQty", { n: row });
  }

  const text = (name: string, extra: Record<string, unknown> = {}) => ({
    id: id(name),
    name,
    label: labels[name],
    defaultValue: v(name),
    error: err(name),
    ...extra,
  });

  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-3">
      {formError && <FormMessage tone="error">{tKey(t, formError)}</FormMessage>}
      <ErrorSummary errors={errors} labels={labels} idPrefix="product" />
      <input type="hidden" name="version" value={v("version")} />

      <AdminPanel id="product-section-names" title={t("admin.products.section.names")}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField {...text("name")} required maxLength={200} autoComplete="off" />
          <TextField {...text("nameEn")} maxLength={200} autoComplete="off" />
          <TextAreaField {...text("description")} maxLength={5000} />
          <TextAreaField {...text("descriptionEn")} maxLength={5000} />
          <SelectField
            {...text("categoryId")}
            required
            options={[["", t("admin.products.field.categoryPick")], ...categories]}
          />
          <SelectField {...text("shopCity")} required options={cities.map((city) => [city, city] as const)} />
        </div>
      </AdminPanel>

      <AdminPanel id="product-section-prices" title={t("admin.products.section.prices")}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField {...text("price")} required inputMode="decimal" autoComplete="off" />
          <TextField
            {...text("originalPrice")}
            inputMode="decimal"
            autoComplete="off"
            hint={t("admin.products.hint.originalPrice")}
          />
          <TextField
            {...text("wholesalePrice")}
            inputMode="decimal"
            autoComplete="off"
            hint={t("admin.products.hint.wholesalePrice", { min: WHOLESALE_MIN_UNITS })}
          />
          {!combo && <TextField {...text("quantity")} required inputMode="numeric" autoComplete="off" />}
        </div>
      </AdminPanel>

      {combo && <ComboPartsPanel combo={combo} text={text} />}

      <AdminPanel id="product-section-details" title={t("admin.products.section.details")}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField {...text("sku")} maxLength={64} autoComplete="off" hint={t("admin.products.hint.sku")} />
          <TextField {...text("brand")} maxLength={100} autoComplete="off" />
          <TextField {...text("model")} maxLength={100} autoComplete="off" />
          <TextField {...text("weight")} maxLength={100} autoComplete="off" />
          <TextField {...text("dimensions")} maxLength={100} autoComplete="off" />
          <TextField {...text("color")} maxLength={100} autoComplete="off" hint={t("admin.products.hint.color")} />
          <TextAreaField {...text("varieties")} hint={t("admin.products.hint.lines")} />
          <TextAreaField {...text("features")} hint={t("admin.products.hint.lines")} />
          <TextAreaField {...text("featuresEn")} hint={t("admin.products.hint.lines")} />
          <CheckboxField
            id={id("warranty")}
            name="warranty"
            label={labels.warranty}
            defaultChecked={values.warranty !== undefined}
          />
        </div>
      </AdminPanel>

      <AdminPanel id="product-section-colors" title={t("admin.products.section.colors")}>
        <p className="mb-2 text-sm text-slate-700">{t("admin.products.colors.help", { rows: colorRows })}</p>
        <ol className="space-y-3">
          {Array.from({ length: colorRows }, (_, i) => {
            const hex = v(`colorHex${i}`);
            const swatch = /^#[0-9a-fA-F]{6}$/.test(hex.trim()) ? hex.trim() : null;
            return (
              <li
                key={i}
                className="grid gap-2 border-t border-slate-100 pt-2 first:border-0 first:pt-0 sm:grid-cols-3"
              >
                <TextField {...text(`colorName${i}`)} maxLength={60} autoComplete="off" />
                <TextField {...text(`colorNameEn${i}`)} maxLength={60} autoComplete="off" />
                <TextField {...text(`colorHex${i}`)} maxLength={7} autoComplete="off" spellCheck={false}>
                  {swatch && (
                    <span
                      aria-hidden="true"
                      className="mt-1 inline-block h-4 w-10 rounded border border-slate-300"
                      style={{ backgroundColor: swatch }}
                    />
                  )}
                </TextField>
              </li>
            );
          })}
        </ol>
      </AdminPanel>

      <AdminPanel id="product-section-images" title={t("admin.products.section.images")}>
        <p className="mb-2 text-sm text-slate-700">{t("admin.products.images.help")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {images.map((current, index) => {
            const slot = index + 1;
            return (
              <div key={slot} className="space-y-1">
                <ImageField
                  id={id(`image${slot}`)}
                  name={`image${slot}`}
                  label={labels[`image${slot}`]}
                  accept={imageAccept}
                  current={current}
                  currentAlt={current ? t("admin.products.images.current", { n: slot }) : undefined}
                  error={err(`image${slot}`)}
                  hint={t("admin.form.imageHint")}
                />
                {current && (
                  <CheckboxField
                    id={id(`removeImage${slot}`)}
                    name={`removeImage${slot}`}
                    label={t("admin.products.images.remove", { n: slot })}
                    defaultChecked={values[`removeImage${slot}`] !== undefined}
                  />
                )}
              </div>
            );
          })}
        </div>
      </AdminPanel>

      <div className="sm:max-w-xs">
        <SubmitButton name="intent" value="save">
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
