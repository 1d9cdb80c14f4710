import { data, redirect, useLoaderData } from "react-router";
import { Form } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { type CategoryTreeNode, getCategoryTree, moveCategory } from "~/features/catalog/categories-admin.server";
import { readMove } from "~/features/admin/forms.server";
import { FormMessage } from "~/components/ui/form-fields";
import { AdminPanel } from "~/features/admin/components/ui";
import { requireStaff } from "~/features/admin/guard.server";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/categories";
import { readForm } from "~/utils/forms.server";

// The category tree (§2.7, §3 Category) with product counts, and the move
// buttons: each a small POST form, so reordering works without JavaScript.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "categories");
  requireLanguage(request, params.lang);
  const url = new URL(request.url);
  const notice = (["saved", "created", "moved"] as const).find((flag) => url.searchParams.has(flag)) ?? null;
  return { tree: await getCategoryTree(db), notice };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = requireStaff(context, "categories", "change");
  const lang = requireLanguage(request, params.lang);
  const move = readMove(await readForm(request));
  if (!move) throw data(null, { status: 400 });
  await moveCategory(db, actor, move.id, move.direction);
  return redirect(`${localePath(lang, "/admin/categories")}?moved=1#category-${move.id}`, 303);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.categories.title"), noIndex: true });

const BUTTON =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-400 bg-white px-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-40";
const LINK =
  "inline-flex min-h-11 items-center rounded-md px-2 text-sm font-semibold text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

type Row = Omit<CategoryTreeNode, "subcategories">;

function MoveButtons({ row, first, last }: { row: Row; first: boolean; last: boolean }) {
  const t = useT();
  return (
    <Form method="post" className="flex gap-1">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={row.id} />
      <button type="submit" name="direction" value="up" disabled={first} className={BUTTON}>
        <span aria-hidden="true">↑</span>
        <span className="sr-only">{t("admin.categories.moveUp", { name: row.name })}</span>
      </button>
      <button type="submit" name="direction" value="down" disabled={last} className={BUTTON}>
        <span aria-hidden="true">↓</span>
        <span className="sr-only">{t("admin.categories.moveDown", { name: row.name })}</span>
      </button>
    </Form>
  );
}

function CategoryLine({ row, first, last, sub }: { row: Row; first: boolean; last: boolean; sub: boolean }) {
  const t = useT();
  const href = useLocalePath();
  return (
    <div id={`category-${row.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      {row.imageUrl ? (
        <img
          src={row.imageUrl.startsWith("/media/") ? `${row.imageUrl}?w=160` : row.imageUrl}
          alt=""
          width={sub ? 40 : 48}
          height={sub ? 40 : 48}
          loading="lazy"
          className={`${sub ? "size-10" : "size-12"} shrink-0 rounded border border-slate-200 object-cover`}
        />
      ) : (
        <span
          className={`${sub ? "size-10" : "size-12"} flex shrink-0 items-center justify-center rounded border border-dashed border-slate-300 text-center text-[10px] leading-tight text-slate-600`}
        >
          {t("admin.categories.noImage")}
        </span>
      )}
      <div className="min-w-0 flex-1 basis-48">
        <p className={`${sub ? "text-sm" : "text-base"} font-semibold break-words text-slate-900`}>
          {row.name}
          {row.nameEn && <span className="font-normal text-slate-600"> · {row.nameEn}</span>}
        </p>
        <p className="text-xs text-slate-600">
          <span className="font-mono">/{row.slug}</span> ·{" "}
          {t("admin.categories.productCount", { count: row.productCount })}
        </p>
      </div>
      <div className="ml-auto flex flex-wrap items-center gap-1">
        <a href={href(`/admin/categories/${row.id}`)} className={LINK}>
          {t("admin.categories.edit")}
          <span className="sr-only"> {row.name}</span>
        </a>
        <MoveButtons row={row} first={first} last={last} />
      </div>
    </div>
  );
}

export default function AdminCategories() {
  const { tree, notice } = useLoaderData<typeof loader>();
  const t = useT();
  const href = useLocalePath();
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">{t("admin.categories.title")}</h1>
        <a
          href={href("/admin/categories/new")}
          className="inline-flex min-h-11 items-center rounded-md bg-amber-400 px-4 text-sm font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {t("admin.categories.new")}
        </a>
      </div>
      <p className="text-sm text-slate-700">{t("admin.categories.intro")}</p>
      {notice && <FormMessage tone="success">{t(`admin.categories.notice.${notice}`)}</FormMessage>}
      <AdminPanel id="category-tree" title={t("admin.categories.count", { count: tree.length })}>
        {tree.length === 0 ? (
          <p className="text-sm text-slate-700">{t("admin.categories.empty")}</p>
        ) : (
          <ol className="divide-y divide-slate-200">
            {tree.map((top, i) => (
              <li key={top.id}>
                <CategoryLine row={top} first={i === 0} last={i === tree.length - 1} sub={false} />
                <div className="mb-2 ml-4 border-l-2 border-slate-200 pl-3 sm:ml-6">
                  {top.subcategories.length > 0 && (
                    <ol aria-label={t("admin.categories.subcategoriesOf", { name: top.name })}>
                      {top.subcategories.map((sub, j) => (
                        <li key={sub.id}>
                          <CategoryLine row={sub} first={j === 0} last={j === top.subcategories.length - 1} sub />
                        </li>
                      ))}
                    </ol>
                  )}
                  <a
                    href={href(`/admin/categories/new?parent=${top.id}`)}
                    aria-label={t("admin.categories.addSubTo", { name: top.name })}
                    className={LINK}
                  >
                    {t("admin.categories.addSub")}
                  </a>
                </div>
              </li>
            ))}
          </ol>
        )}
      </AdminPanel>
    </div>
  );
}
