import { redirect, useActionData, useLoaderData } from "react-router";
import { metaT, pageMeta } from "~/components/seo";
import { getCategoryForEdit, getParentOptions, saveCategory } from "~/features/catalog/categories-admin.server";
import { idOf, refuse } from "~/features/admin/forms.server";
import { CategoryForm } from "~/features/admin/components/category-form";
import { AdminPanel } from "~/features/admin/components/ui";
import { requireStaff } from "~/features/admin/guard.server";
import { mediaStore } from "~/features/media/store.server";
import { IMAGE_ACCEPT } from "~/features/media/upload.server";
import { localePath } from "~/i18n/links";
import { notFound, requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/category-edit";
import { readForm } from "~/utils/forms.server";

// Edit a category or subcategory (names, slug, parent, image).

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "categories");
  requireLanguage(request, params.lang);
  const id = idOf(params.categoryId);
  const found = id === null ? null : await getCategoryForEdit(db, id);
  if (!found) notFound();
  const { category, hasChildren } = found;
  return {
    id: category.id,
    name: category.name,
    imageUrl: category.imageUrl,
    hasChildren,
    parents: await getParentOptions(db, category.id),
    values: {
      name: category.name,
      nameEn: category.nameEn ?? "",
      slug: category.slug,
      parentId: category.parentId == null ? "" : String(category.parentId),
    },
    accept: IMAGE_ACCEPT,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, env, actor } = requireStaff(context, "categories", "change");
  const lang = requireLanguage(request, params.lang);
  const id = idOf(params.categoryId);
  if (id === null) notFound();
  const form = await readForm(request);
  const result = await saveCategory(db, { media: mediaStore(env), actor: actor }, form, id);
  if (!result.ok) {
    const { form: formError, ...errors } = result.errors;
    return refuse(errors, form, formError);
  }
  return redirect(`${localePath(lang, "/admin/categories")}?saved=1#category-${result.id}`, 303);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.categories.editTitle"), noIndex: true });

export default function AdminCategoryEdit() {
  const { name, imageUrl, hasChildren, parents, values, accept } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  const href = useLocalePath();
  return (
    <div className="space-y-3">
      <p>
        <a
          href={href("/admin/categories")}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-blue-800 underline underline-offset-2"
        >
          {t("admin.categories.back")}
        </a>
      </p>
      <h1 className="text-xl font-bold break-words text-slate-900">{t("admin.categories.editTitleOf", { name })}</h1>
      <AdminPanel id="category-form-title" title={t("admin.categories.formTitle")}>
        <CategoryForm
          values={result?.values ?? values}
          errors={result?.errors ?? {}}
          formError={result?.formError}
          parents={parents}
          currentImage={imageUrl}
          editing
          hasChildren={hasChildren}
          accept={accept}
        />
      </AdminPanel>
    </div>
  );
}
