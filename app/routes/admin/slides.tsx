import { data, redirect, useLoaderData } from "react-router";
import { Form } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { readMove } from "~/features/admin/forms.server";
import { FormMessage } from "~/components/ui/form-fields";
import { AdminPanel, AdminTable } from "~/features/admin/components/ui";
import { requireStaff } from "~/features/admin/guard.server";
import { listSlides, moveSlide } from "~/features/content/slides-admin.server";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/slides";
import { readForm } from "~/utils/forms.server";

// (§2.5 hero carousel, §3 Slide) the slides in carousel order, switched on or
// off, moved up and down with small POST forms that work without JavaScript.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "slides");
  requireLanguage(request, params.lang);
  const url = new URL(request.url);
  const notice = (["saved", "created", "moved"] as const).find((flag) => url.searchParams.has(flag)) ?? null;
  const slides = (await listSlides(db)).map((s) => ({
    id: s.id,
    title: s.title,
    titleEn: s.titleEn,
    imageUrl: s.imageUrl,
    active: s.active,
    hasWhatsapp: s.hasWhatsapp,
  }));
  return { slides, notice };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = requireStaff(context, "slides", "change");
  const lang = requireLanguage(request, params.lang);
  const move = readMove(await readForm(request));
  if (!move) throw data(null, { status: 400 });
  await moveSlide(db, actor, move.id, move.direction);
  return redirect(`${localePath(lang, "/admin/slides")}?moved=1#slide-${move.id}`, 303);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.slides.title"), noIndex: true });

const BUTTON =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-slate-400 bg-white px-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-40";
const LINK =
  "inline-flex min-h-11 items-center rounded-md px-2 text-sm font-semibold text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export default function AdminSlides() {
  const { slides, notice } = useLoaderData<typeof loader>();
  const t = useT();
  const href = useLocalePath();
  type Row = (typeof slides)[number] & { index: number };
  const rows: Row[] = slides.map((s, index) => ({ ...s, index }));
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">{t("admin.slides.title")}</h1>
        <a
          href={href("/admin/slides/new")}
          className="inline-flex min-h-11 items-center rounded-md bg-amber-400 px-4 text-sm font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {t("admin.slides.new")}
        </a>
      </div>
      <p className="text-sm text-slate-700">{t("admin.slides.intro")}</p>
      {notice && <FormMessage tone="success">{t(`admin.slides.notice.${notice}`)}</FormMessage>}
      <AdminPanel id="slide-list" title={t("admin.slides.count", { count: slides.length })}>
        {slides.length === 0 ? (
          <p className="text-sm text-slate-700">{t("admin.slides.empty")}</p>
        ) : (
          <AdminTable<Row>
            caption={t("admin.slides.title")}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                key: "position",
                header: t("admin.slides.col.position"),
                label: t("admin.slides.col.position"),
                cell: (row) => <span id={`slide-${row.id}`}>{row.index + 1}</span>,
              },
              {
                key: "image",
                header: t("admin.slides.col.image"),
                label: t("admin.slides.col.image"),
                cell: (row) => (
                  <img
                    src={row.imageUrl.startsWith("/media/") ? `${row.imageUrl}?w=160` : row.imageUrl}
                    alt=""
                    width={96}
                    height={40}
                    loading="lazy"
                    className="h-10 w-24 rounded border border-slate-200 object-cover"
                  />
                ),
              },
              {
                key: "title",
                header: t("admin.slides.col.title"),
                label: t("admin.slides.col.title"),
                cell: (row) => (
                  <span className="min-w-0 text-end break-words sm:text-start">
                    <span className="font-semibold">{row.title}</span>
                    {row.titleEn && <span className="block text-xs text-slate-600">{row.titleEn}</span>}
                  </span>
                ),
              },
              {
                key: "active",
                header: t("admin.slides.col.active"),
                label: t("admin.slides.col.active"),
                cell: (row) => (
                  <span className={row.active ? "font-semibold text-green-800" : "text-slate-600"}>
                    {t(row.active ? "admin.slides.active" : "admin.slides.inactive")}
                  </span>
                ),
              },
              {
                key: "actions",
                header: t("admin.slides.col.actions"),
                label: t("admin.slides.col.actions"),
                align: "end",
                cell: (row) => (
                  <span className="flex flex-wrap items-center justify-end gap-1">
                    <a href={href(`/admin/slides/${row.id}`)} className={LINK}>
                      {t("admin.slides.edit")}
                      <span className="sr-only"> {row.title}</span>
                    </a>
                    <Form method="post" className="flex gap-1">
                      <input type="hidden" name="intent" value="move" />
                      <input type="hidden" name="id" value={row.id} />
                      <button type="submit" name="direction" value="up" disabled={row.index === 0} className={BUTTON}>
                        <span aria-hidden="true">↑</span>
                        <span className="sr-only">{t("admin.slides.moveUp", { name: row.title })}</span>
                      </button>
                      <button
                        type="submit"
                        name="direction"
                        value="down"
                        disabled={row.index === rows.length - 1}
                        className={BUTTON}
                      >
                        <span aria-hidden="true">↓</span>
                        <span className="sr-only">{t("admin.slides.moveDown", { name: row.title })}</span>
                      </button>
                    </Form>
                  </span>
                ),
              },
            ]}
          />
        )}
      </AdminPanel>
    </div>
  );
}
