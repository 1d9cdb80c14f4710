/**
 * The category form shared by "new" and "edit": names in Spanish and English
 * (decision “Names in both languages”), slug, parent and image. A plain multipart form that works before JavaScript; the server
 * checks every rule again and answers each error beside its field with what was typed.
 */
import { Form } from "~/components/router-links";
import { useT } from "~/i18n/use-t";
import { ImageField, SelectField } from "./form";
import { ErrorSummary, FormMessage, SubmitButton, TextField, tKey } from "~/components/ui/form-fields";

export type CategoryFormProps = {
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
  /** The top categories it may hang from (never itself). */
  parents: ReadonlyArray<{ id: number; name: string }>;
  currentImage: string | null;
  /** Editing an existing category (the slug hint warns that links change). */
  editing: boolean;
  /** It has subcategories: it stays a top category. */
  hasChildren: boolean;
  /** The file types offered by the picker (the server's IMAGE_ACCEPT, sent by the loader). */
  accept: string;
};

export function CategoryForm({
  values,
  errors,
  formError,
  parents,
  currentImage,
  editing,
  hasChildren,
  accept,
}: CategoryFormProps) {
  const t = useT();
  const labels: Record<string, string> = {
    name: t("admin.categories.field.name"),
    nameEn: t("admin.categories.field.nameEn"),
    slug: t("admin.categories.field.slug"),
    parentId: t("admin.categories.field.parent"),
    image: t("admin.categories.field.image"),
  };
  const error = (field: string) => (errors[field] ? tKey(t, errors[field]) : undefined);
  const parentOptions: Array<readonly [string, string]> = [
    ["", t("admin.categories.field.parentNone")],
    ...(hasChildren ? [] : parents.map((p) => [String(p.id), p.name] as const)),
  ];
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-4">
      {formError && <FormMessage tone="error">{tKey(t, formError)}</FormMessage>}
      <ErrorSummary errors={errors} labels={labels} idPrefix="category" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="category-name"
          name="name"
          label={labels.name}
          defaultValue={values.name ?? ""}
          error={error("name")}
          maxLength={100}
          required
          autoComplete="off"
        />
        <TextField
          id="category-nameEn"
          name="nameEn"
          label={labels.nameEn}
          defaultValue={values.nameEn ?? ""}
          error={error("nameEn")}
          hint={t("admin.categories.hint.nameEn")}
          maxLength={100}
          autoComplete="off"
          lang="en"
        />
      </div>
      <TextField
        id="category-slug"
        name="slug"
        label={labels.slug}
        defaultValue={values.slug ?? ""}
        error={error("slug")}
        hint={`${t("admin.categories.hint.slug")} ${editing ? t("admin.categories.hint.slugChange") : t("admin.categories.hint.slugSuggest")}`}
        maxLength={80}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="url"
      />
      <SelectField
        id="category-parentId"
        name="parentId"
        label={labels.parentId}
        defaultValue={values.parentId ?? ""}
        error={error("parentId")}
        hint={hasChildren ? t("admin.categories.hint.parentLocked") : t("admin.categories.hint.parent")}
        options={parentOptions}
      />
      <ImageField
        id="category-image"
        name="image"
        label={labels.image}
        error={error("image")}
        hint={`${t("admin.categories.hint.image")} ${t(editing ? "admin.form.imageHint" : "admin.categories.hint.imageFormats")}`}
        accept={accept}
        current={currentImage}
        currentAlt={t("admin.categories.currentImage")}
      />
      <div className="sm:max-w-xs">
        <SubmitButton>{t(editing ? "admin.categories.save" : "admin.categories.create")}</SubmitButton>
      </div>
    </Form>
  );
}
