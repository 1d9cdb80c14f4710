import { redirect, useActionData, useLoaderData } from "react-router";
import { metaT, pageMeta } from "~/components/seo";
import { idOf, refuse } from "~/features/admin/forms.server";
import { SlideForm } from "~/features/admin/components/slide-form";
import { AdminPanel } from "~/features/admin/components/ui";
import { requireStaff } from "~/features/admin/guard.server";
import { getSlideForEdit, saveSlide } from "~/features/content/slides-admin.server";
import { mediaStore } from "~/features/media/store.server";
import { IMAGE_ACCEPT } from "~/features/media/upload.server";
import { localePath } from "~/i18n/links";
import { notFound, requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/slide-edit";
import { readForm } from "~/utils/forms.server";

// Edit a carousel slide (§2.5, §3 Slide); an empty image field keeps the image.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "slides");
  requireLanguage(request, params.lang);
  const id = idOf(params.slideId);
  const slide = id === null ? null : await getSlideForEdit(db, id);
  if (!slide) notFound();
  const values: Record<string, string> = {
    title: slide.title,
    titleEn: slide.titleEn ?? "",
    subtitle: slide.subtitle,
    subtitleEn: slide.subtitleEn ?? "",
    link: slide.link ?? "",
    appLink: slide.appLink ?? "",
    phoneNumber: slide.phoneNumber,
    whatsappMessage: slide.whatsappMessage,
  };
  if (slide.hasWhatsapp) values.hasWhatsapp = "on";
  if (slide.active) values.active = "on";
  return { title: slide.title, imageUrl: slide.imageUrl, values, accept: IMAGE_ACCEPT };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, env, actor } = requireStaff(context, "slides", "change");
  const lang = requireLanguage(request, params.lang);
  const id = idOf(params.slideId);
  if (id === null) notFound();
  const form = await readForm(request);
  const result = await saveSlide(db, { media: mediaStore(env), actor: actor }, form, id);
  if (!result.ok) {
    const { form: formError, ...errors } = result.errors;
    return refuse(errors, form, formError);
  }
  return redirect(`${localePath(lang, "/admin/slides")}?saved=1#slide-${result.id}`, 303);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.slides.editTitle"), noIndex: true });

export default function AdminSlideEdit() {
  const { title, imageUrl, values, accept } = useLoaderData<typeof loader>();
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
      <h1 className="text-xl font-bold break-words text-slate-900">{t("admin.slides.editTitleOf", { title })}</h1>
      <AdminPanel id="slide-form-title" title={t("admin.slides.formTitle")}>
        <SlideForm
          values={result?.values ?? values}
          errors={result?.errors ?? {}}
          formError={result?.formError}
          currentImage={imageUrl}
          editing
          accept={accept}
        />
      </AdminPanel>
    </div>
  );
}
