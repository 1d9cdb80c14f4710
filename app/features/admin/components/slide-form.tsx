/**
 * The slide form (§2.5, §3 Slide), shared by "new" and "edit": texts in
 * Spanish and English, image, web and app links, the WhatsApp button and whether it is shown. A
 * plain multipart form that works before JavaScript; the server checks every rule again.
 */
import { Form } from "~/components/router-links";
import { useT } from "~/i18n/use-t";
import { CheckboxField, ImageField, TextAreaField } from "./form";
import { ErrorSummary, FormMessage, SubmitButton, TextField, tKey } from "~/components/ui/form-fields";

export type SlideFormProps = {
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
  currentImage: string | null;
  editing: boolean;
  /** The file types offered by the picker (the server's IMAGE_ACCEPT, sent by the loader). */
  accept: string;
};

export function SlideForm({ values, errors, formError, currentImage, editing, accept }: SlideFormProps) {
  const t = useT();
  const labels: Record<string, string> = {
    title: t("admin.slides.field.title"),
    titleEn: t("admin.slides.field.titleEn"),
    subtitle: t("admin.slides.field.subtitle"),
    subtitleEn: t("admin.slides.field.subtitleEn"),
    image: t("admin.slides.field.image"),
    link: t("admin.slides.field.link"),
    appLink: t("admin.slides.field.appLink"),
    hasWhatsapp: t("admin.slides.field.hasWhatsapp"),
    phoneNumber: t("admin.slides.field.phoneNumber"),
    whatsappMessage: t("admin.slides.field.whatsappMessage"),
    active: t("admin.slides.field.active"),
  };
  const error = (field: string) => (errors[field] ? tKey(t, errors[field]) : undefined);
  const text = (field: string, opts: { hint?: string; max: number; lang?: string; inputMode?: "url" | "tel" }) => (
    <TextField
      id={`slide-${field}`}
      name={field}
      label={labels[field]}
      defaultValue={values[field] ?? ""}
      error={error(field)}
      hint={opts.hint}
      maxLength={opts.max}
      lang={opts.lang}
      inputMode={opts.inputMode}
      type={opts.inputMode === "tel" ? "tel" : "text"}
      autoComplete="off"
    />
  );
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-4">
      {formError && <FormMessage tone="error">{tKey(t, formError)}</FormMessage>}
      <ErrorSummary errors={errors} labels={labels} idPrefix="slide" />
      <div className="grid gap-4 sm:grid-cols-2">
        {text("title", { max: 120 })}
        {text("titleEn", { max: 120, lang: "en", hint: t("admin.slides.hint.english") })}
        {text("subtitle", { max: 240 })}
        {text("subtitleEn", { max: 240, lang: "en", hint: t("admin.slides.hint.english") })}
      </div>
      <ImageField
        id="slide-image"
        name="image"
        label={labels.image}
        error={error("image")}
        hint={`${t(editing ? "admin.slides.hint.imageEdit" : "admin.slides.hint.imageNew")} ${t(editing ? "admin.form.imageHint" : "admin.slides.hint.imageFormats")}`}
        accept={accept}
        current={currentImage}
        currentAlt={t("admin.slides.currentImage")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {text("link", { max: 500, inputMode: "url", hint: t("admin.slides.hint.link") })}
        {text("appLink", { max: 500, inputMode: "url", hint: t("admin.slides.hint.appLink") })}
      </div>
      <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t("admin.slides.whatsapp")}</legend>
        <CheckboxField
          id="slide-hasWhatsapp"
          name="hasWhatsapp"
          label={labels.hasWhatsapp}
          defaultChecked={values.hasWhatsapp !== undefined}
          error={error("hasWhatsapp")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {text("phoneNumber", { max: 30, inputMode: "tel", hint: t("admin.slides.hint.phone") })}
          <TextAreaField
            id="slide-whatsappMessage"
            name="whatsappMessage"
            label={labels.whatsappMessage}
            defaultValue={values.whatsappMessage ?? ""}
            error={error("whatsappMessage")}
            hint={t("admin.slides.hint.message")}
            maxLength={500}
            rows={3}
          />
        </div>
      </fieldset>
      <CheckboxField
        id="slide-active"
        name="active"
        label={labels.active}
        defaultChecked={values.active !== undefined}
        hint={t("admin.slides.hint.active")}
        error={error("active")}
      />
      <div className="sm:max-w-xs">
        <SubmitButton>{t(editing ? "admin.slides.save" : "admin.slides.create")}</SubmitButton>
      </div>
    </Form>
  );
}
