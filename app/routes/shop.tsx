import { Breadcrumb } from "~/components/breadcrumb";
import { CategoryCard } from "~/features/catalog/components/category-cards";
import { useRootData } from "~/components/root-data";
import { metaT, pageMeta } from "~/components/seo";
import { requireLanguage } from "~/i18n/require-language";
import { useT } from "~/i18n/use-t";
import type { Route } from "./+types/shop";

/** Every visitor may share one rendering of this page (server/page-cache/shared-pages.ts). */
export const handle = { pageCache: "shared" } as const;

/**
 * Every department (the target of the §2.1 `/shop/*` redirect). The categories come from the root
 * loader, which every page already has, so this page sends no data of its own.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  requireLanguage(request, params.lang);
  return null;
}

export const meta: Route.MetaFunction = (args) => {
  const t = metaT(args);
  return pageMeta(args, { title: t("shop.title"), description: t("shop.description") });
};

export default function Shop() {
  const t = useT();
  const { categories } = useRootData();
  return (
    <div className="mx-auto max-w-screen-2xl px-3 py-4 sm:px-4 sm:py-6">
      <Breadcrumb items={[{ label: t("breadcrumb.home"), to: "/" }, { label: t("shop.title") }]} />
      <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{t("shop.title")}</h1>
      <p className="mt-1 text-sm text-slate-700">{t("shop.description")}</p>
      {categories.length === 0 ? (
        <p className="mt-6 rounded-lg bg-white p-6 text-center text-slate-700">{t("shop.empty")}</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {categories.map((category) => (
            <li key={category.slug}>
              <CategoryCard category={category} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
