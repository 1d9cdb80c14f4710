/**
 * The company info form (§3 Company info, §2.4 footer, §2.18 help centre,
 * §2.19 seller page, decision “Shipping price and the express cut-off” dispatch point): every stored field, the logo kept when no file is
 * picked, and the two live counts shown read-only. Works before JavaScript; the server checks all.
 */
import type { ReactNode } from "react";
import { Form } from "~/components/router-links";
import { useT } from "~/i18n/use-t";
import { ImageField, TextAreaField } from "./form";
import { ErrorSummary, FormMessage, SubmitButton, TextField, tKey } from "~/components/ui/form-fields";

export type CompanyFormProps = {
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
  currentLogo: string | null;
  providers: number;
  products: number;
  /** Cuba's box for the dispatch point (the shipping module's bounds). */
  bounds: { minLatitude: number; maxLatitude: number; minLongitude: number; maxLongitude: number };
  accept: string;
};

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      {children}
    </fieldset>
  );
}

export function CompanyForm({
  values,
  errors,
  formError,
  currentLogo,
  providers,
  products,
  bounds,
  accept,
}: CompanyFormProps) {
  const t = useT();
  const labels: Record<string, string> = {
    name: t("admin.company.field.name"),
    description: t("admin.company.field.description"),
    descriptionEn: t("admin.company.field.descriptionEn"),
    logo: t("admin.company.field.logo"),
    facebookUrl: t("admin.company.field.facebookUrl"),
    twitterUrl: t("admin.company.field.twitterUrl"),
    instagramUrl: t("admin.company.field.instagramUrl"),
    linkedinUrl: t("admin.company.field.linkedinUrl"),
    attPhone: t("admin.company.field.attPhone"),
    supportEmail: t("admin.company.field.supportEmail"),
    sellsPhone: t("admin.company.field.sellsPhone"),
    salesEmail: t("admin.company.field.salesEmail"),
    address: t("admin.company.field.address"),
    dispatchLatitude: t("admin.company.field.dispatchLatitude"),
    dispatchLongitude: t("admin.company.field.dispatchLongitude"),
  };
  const error = (field: string) => (errors[field] ? tKey(t, errors[field]) : undefined);
  const field = (
    name: string,
    opts: { type?: "text" | "url" | "email" | "tel"; max: number; hint?: string; inputMode?: "decimal" },
  ) => (
    <TextField
      id={`company-${name}`}
      name={name}
      label={labels[name]}
      type={opts.type ?? "text"}
      inputMode={opts.inputMode}
      defaultValue={values[name] ?? ""}
      error={error(name)}
      hint={opts.hint}
      maxLength={opts.max}
      autoComplete="off"
    />
  );
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-4">
      {formError && <FormMessage tone="error">{tKey(t, formError)}</FormMessage>}
      <ErrorSummary errors={errors} labels={labels} idPrefix="company" />
      <Group legend={t("admin.company.group.identity")}>
        {field("name", { max: 120 })}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextAreaField
            id="company-description"
            name="description"
            label={labels.description}
            defaultValue={values.description ?? ""}
            error={error("description")}
            maxLength={1000}
          />
          <TextAreaField
            id="company-descriptionEn"
            name="descriptionEn"
            label={labels.descriptionEn}
            defaultValue={values.descriptionEn ?? ""}
            error={error("descriptionEn")}
            hint={t("admin.company.hint.english")}
            maxLength={1000}
            lang="en"
          />
        </div>
        <ImageField
          id="company-logo"
          name="logo"
          label={labels.logo}
          error={error("logo")}
          hint={t("admin.form.imageHint")}
          accept={accept}
          current={currentLogo}
          currentAlt={t("admin.company.currentLogo")}
        />
      </Group>
      <Group legend={t("admin.company.group.contact")}>
        <div className="grid gap-4 sm:grid-cols-2">
          {field("attPhone", { type: "tel", max: 30, hint: t("admin.company.hint.attPhone") })}
          {field("supportEmail", { type: "email", max: 254, hint: t("admin.company.hint.supportEmail") })}
          {field("sellsPhone", { type: "tel", max: 30, hint: t("admin.company.hint.sales") })}
          {field("salesEmail", { type: "email", max: 254, hint: t("admin.company.hint.sales") })}
        </div>
        {field("address", { max: 300 })}
      </Group>
      <Group legend={t("admin.company.group.social")}>
        <p className="text-sm text-slate-600">{t("admin.company.hint.social")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {field("facebookUrl", { type: "url", max: 500 })}
          {field("twitterUrl", { type: "url", max: 500 })}
          {field("instagramUrl", { type: "url", max: 500 })}
          {field("linkedinUrl", { type: "url", max: 500 })}
        </div>
      </Group>
      <Group legend={t("admin.company.group.dispatch")}>
        <p className="text-sm text-slate-600">{t("admin.company.hint.dispatch", bounds)}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {field("dispatchLatitude", { max: 20, inputMode: "decimal" })}
          {field("dispatchLongitude", { max: 20, inputMode: "decimal" })}
        </div>
      </Group>
      <section aria-labelledby="company-counts" className="rounded-md border border-slate-200 bg-slate-50 p-3">
        <h2 id="company-counts" className="text-sm font-semibold text-slate-800">
          {t("admin.company.counts.title")}
        </h2>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold text-slate-700">{t("admin.company.counts.providers")}</dt>
          <dd>{providers}</dd>
          <dt className="font-semibold text-slate-700">{t("admin.company.counts.products")}</dt>
          <dd>{products}</dd>
        </dl>
        <p className="mt-1 text-sm text-slate-600">{t("admin.company.counts.note")}</p>
      </section>
      <div className="sm:max-w-xs">
        <SubmitButton>{t("admin.company.save")}</SubmitButton>
      </div>
    </Form>
  );
}
