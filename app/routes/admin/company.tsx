import { redirect, useActionData, useLoaderData } from "react-router";
import { metaT, pageMeta } from "~/components/seo";
import { refuse } from "~/features/admin/forms.server";
import { CUBA_BOUNDS, getCompanyForEdit, saveCompany } from "~/features/content/company-admin.server";
import { CompanyForm } from "~/features/admin/components/company-form";
import { FormMessage } from "~/components/ui/form-fields";
import { AdminPanel } from "~/features/admin/components/ui";
import { requireStaff } from "~/features/admin/guard.server";
import { mediaStore } from "~/features/media/store.server";
import { IMAGE_ACCEPT } from "~/features/media/upload.server";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useT } from "~/i18n/use-t";
import type { Route } from "./+types/company";
import { readForm } from "~/utils/forms.server";

// (§3 Company info; §2.4 footer, §2.18 help centre, §2.19 seller page; decision “Shipping price and the express cut-off”) the
// one company record, with the live provider and product counts shown read-only.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "company");
  requireLanguage(request, params.lang);
  const { company, providers, products } = await getCompanyForEdit(db);
  const { id: _id, companyLogoUrl, descriptionEn, dispatchLatitude, dispatchLongitude, ...text } = company;
  return {
    values: {
      ...text,
      descriptionEn: descriptionEn ?? "",
      dispatchLatitude: String(dispatchLatitude),
      dispatchLongitude: String(dispatchLongitude),
    } as Record<string, string>,
    logo: companyLogoUrl || null,
    providers,
    products,
    bounds: CUBA_BOUNDS,
    accept: IMAGE_ACCEPT,
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, env, actor } = requireStaff(context, "company", "change");
  const lang = requireLanguage(request, params.lang);
  const form = await readForm(request);
  const result = await saveCompany(db, { media: mediaStore(env), actor: actor }, form);
  if (!result.ok) {
    const { form: formError, ...errors } = result.errors;
    return refuse(errors, form, formError);
  }
  return redirect(`${localePath(lang, "/admin/company")}?saved=1`, 303);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.company.title"), noIndex: true });

export default function AdminCompany() {
  const { values, logo, providers, products, bounds, accept, saved } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold text-slate-900">{t("admin.company.title")}</h1>
      <p className="text-sm text-slate-700">{t("admin.company.intro")}</p>
      {saved && !result && <FormMessage tone="success">{t("admin.form.saved")}</FormMessage>}
      <AdminPanel id="company-form-title" title={t("admin.company.formTitle")}>
        <CompanyForm
          values={result?.values ?? values}
          errors={result?.errors ?? {}}
          formError={result?.formError}
          currentLogo={logo}
          providers={providers}
          products={products}
          bounds={bounds}
          accept={accept}
        />
      </AdminPanel>
    </div>
  );
}
