import { data, useActionData, useLoaderData, useSearchParams } from "react-router";
import { Form, Link } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { SecondaryButton } from "~/features/admin/components/form";
import { FormMessage } from "~/components/ui/form-fields";
import { ProductForm } from "~/features/admin/components/product-form";
import { AdminPanel } from "~/features/admin/components/ui";
import type { AdminFormResult } from "~/features/admin/forms.server";
import { requireStaff } from "~/features/admin/guard.server";
import { productFormAction } from "~/features/catalog/products-admin.server";
import { COLOR_ROWS, getAdminProduct, productFormValues, productImages } from "~/features/catalog/product-form.server";
import { categoryOptions, shopCityOptions } from "~/features/catalog/product-admin-list.server";
import { getComboParts } from "~/features/catalog/combos.server";
import { mediaStore } from "~/features/media/store.server";
import { IMAGE_ACCEPT } from "~/features/media/upload.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/product-edit";
import { parseRowId } from "~/utils/ids";

// Edit a product (the shared form, guarded against a lost update by its
// version), and archive or restore it.

const productIdOf = (param: string | undefined) => parseRowId(param) ?? 0;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "products");
  const lang = requireLanguage(request, params.lang);
  const product = await getAdminProduct(db, productIdOf(params.productId));
  if (!product) throw data(null, { status: 404 });
  const [categories, cities, parts] = await Promise.all([
    categoryOptions(db, lang),
    shopCityOptions(db),
    product.isCombo ? getComboParts(db, [product.id], lang) : null,
  ]);
  return {
    id: product.id,
    // A combo's contents are fixed (decision 015): shown, not edited.
    combo: parts ? { contents: parts.get(product.id) ?? [] } : undefined,
    archived: product.archivedAt !== null,
    values: productFormValues(product),
    images: productImages(product),
    categories,
    cities,
    // Server-only modules' constants reach the page through the loader (never imported by it).
    colorRows: COLOR_ROWS,
    imageAccept: IMAGE_ACCEPT,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, env, actor } = requireStaff(context, "products", "change");
  const lang = requireLanguage(request, params.lang);
  const product = await getAdminProduct(db, productIdOf(params.productId));
  if (!product) throw data(null, { status: 404 });
  return productFormAction({ db, media: mediaStore(env), env }, actor, request, lang, product);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.products.editTitle"), noIndex: true });

const NOTICES = ["created", "saved", "archived", "restored"] as const;

export default function AdminProductEdit() {
  const { id, archived, values, images, categories, cities, colorRows, imageAccept, combo } =
    useLoaderData<typeof loader>();
  const result = useActionData<AdminFormResult>();
  const [search] = useSearchParams();
  const t = useT();
  const href = useLocalePath();
  const notice = result ? undefined : NOTICES.find((name) => search.get(name) === "1");
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-x-4">
        <Link
          to={href("/admin/products")}
          className="inline-flex min-h-11 items-center text-sm text-blue-800 underline"
        >
          {t("admin.products.back")}
        </Link>
        {!archived && (
          <a
            href={href(`/product/${id}`)}
            className="inline-flex min-h-11 items-center text-sm text-blue-800 underline"
          >
            {t("admin.products.viewInStore")}
          </a>
        )}
      </div>
      <h1 className="text-xl font-bold text-slate-900">
        {t("admin.products.editTitle")} <span className="font-mono text-base text-slate-600">#{id}</span>
      </h1>
      {notice && <FormMessage tone="success">{t(`admin.products.${notice}`)}</FormMessage>}
      {archived && <FormMessage tone="info">{t("admin.products.archive.notice")}</FormMessage>}
      <ProductForm
        // A refusal or a new version refills the form from what the server answered.
        key={result?.values?.version ?? values.version}
        values={result?.values ?? values}
        errors={result?.errors ?? {}}
        formError={result?.formError}
        categories={categories}
        cities={cities}
        images={images}
        colorRows={colorRows}
        imageAccept={imageAccept}
        submitLabel={t("admin.products.submitSave")}
        combo={combo}
      />
      <AdminPanel id="product-archive" title={t("admin.products.archive.title")}>
        <Form method="post" className="space-y-2">
          <p className="text-sm text-slate-700">
            {t(archived ? "admin.products.restore.help" : "admin.products.archive.help")}
          </p>
          {archived ? (
            <SecondaryButton name="intent" value="restore">
              {t("admin.products.restore.button")}
            </SecondaryButton>
          ) : (
            <SecondaryButton name="intent" value="archive" tone="danger">
              {t("admin.products.archive.button")}
            </SecondaryButton>
          )}
        </Form>
      </AdminPanel>
    </div>
  );
}
