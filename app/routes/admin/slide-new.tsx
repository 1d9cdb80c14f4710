import { redirect, useActionData, useLoaderData } from "react-router";
import { metaT, pageMeta } from "~/components/seo";
import { refuse } from "~/features/admin/forms.server";
import { SlideForm } from "~/features/admin/components/slide-form";
import { AdminPanel } from "~/features/admin/components/ui";
import { requireStaff } from "~/features/admin/guard.server";
import { saveSlide } from "~/features/content/slides-admin.server";
import { mediaStore } from "~/features/media/store.server";
import { IMAGE_ACCEPT } from "~/features/media/upload.server";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/slide-new";
import { readForm } from "~/utils/forms.server";

// A new carousel slide (§2.5, §3 Slide), placed last, shown at once when active.

export function loader({ request, params, context }: Route.LoaderArgs) {
  requireStaff(context, "slides");
  requireLanguage(request, params.lang);
  return { values: { active: "on" } as Record<string, string>, accept: IMAGE_ACCEPT };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, env, actor } = requireStaff(context, "slides", "change");
  const lang = requireLanguage(request, params.lang);
  const form = await readForm(request);
  const result = await saveSlide(db, { media: mediaStore(env), actor: actor }, form);
  if (!result.ok) {
    const { form: formError, ...errors } = result.errors;
    return refuse(errors, form, formError);
  }
  return redirect(`${localePath(lang, "/admin/slides")}?created=1#slide-${result.id}`, 303);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.slides.newTitle"), noIndex: true });

export default function AdminSlideNew() {
  const { values, accept } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  const href = useLocalePath();
  return (
    <div className="space-y-3">
      <p>
        <a
          href={href("/admin/slides")}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-blue-800 underline underline-offset-2"
        >
          {t("admin.slides.back")}
        </a>
      </p>
      <h1 className="text-xl font-bold text-slate-900">{t("admin.slides.newTitle")}</h1>
      <AdminPanel id="slide-form-title" title={t("admin.slides.formTitle")}>
        <SlideForm
          values={result?.values ?? values}
          errors={result?.errors ?? {}}
          formError={result?.formError}
          currentImage={null}
          editing={false}
          accept={accept}
        />
      </AdminPanel>
    </div>
  );
}
