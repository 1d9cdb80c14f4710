import { useActionData, useLoaderData } from "react-router";
import { Link } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { ProductForm } from "~/features/admin/components/product-form";
import type { AdminFormResult } from "~/features/admin/forms.server";
import { requireStaff } from "~/features/admin/guard.server";
import { COMBO_PART_ROWS, comboPartOptions } from "~/features/catalog/combo-admin.server";
import { productFormAction } from "~/features/catalog/products-admin.server";
import { COLOR_ROWS, IMAGE_SLOTS } from "~/features/catalog/product-form.server";
import { categoryOptions, shopCityOptions } from "~/features/catalog/product-admin-list.server";
import { mediaStore } from "~/features/media/store.server";
import { IMAGE_ACCEPT } from "~/features/media/upload.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/combo-new";

// A new combo (docs/decisions/015-combos.md): the product form with part rows instead of stock.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "products");
  const lang = requireLanguage(request, params.lang);
  const [categories, cities, partOptions] = await Promise.all([
    categoryOptions(db, lang),
    shopCityOptions(db),
    comboPartOptions(db, lang),
  ]);
  return {
    categories,
    cities,
    partOptions,
    defaults: { shopCity: cities[0], partQty1: "1" } as Record<string, string>,
    // Server-only modules' constants reach the page through the loader (never imported by it).
    partRows: COMBO_PART_ROWS,
    colorRows: COLOR_ROWS,
    imageSlots: IMAGE_SLOTS,
    imageAccept: IMAGE_ACCEPT,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, env, actor } = requireStaff(context, "products", "change");
  const lang = requireLanguage(request, params.lang);
  return productFormAction({ db, media: mediaStore(env), env }, actor, request, lang, null, { combo: true });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.combos.newTitle"), noIndex: true });

export default function AdminComboNew() {
  const { categories, cities, partOptions, defaults, partRows, colorRows, imageSlots, imageAccept } =
    useLoaderData<typeof loader>();
  const result = useActionData<AdminFormResult>();
  const t = useT();
  const href = useLocalePath();
  return (
    <div className="space-y-3">
      <Link to={href("/admin/products")} className="inline-flex min-h-11 items-center text-sm text-blue-800 underline">
        {t("admin.products.back")}
      </Link>
      <h1 className="text-xl font-bold text-slate-900">{t("admin.combos.newTitle")}</h1>
      <ProductForm
        values={result?.values ?? defaults}
        errors={result?.errors ?? {}}
        formError={result?.formError}
        categories={categories}
        cities={cities}
        images={Array.from({ length: imageSlots }, () => null)}
        colorRows={colorRows}
        imageAccept={imageAccept}
        submitLabel={t("admin.combos.submitCreate")}
        combo={{ partRows, partOptions }}
      />
    </div>
  );
}
