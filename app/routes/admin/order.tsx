import { Suspense, lazy } from "react";
import { data, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { Form } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { orderStatuses } from "~/db/schema";
import { useHydrated } from "~/utils/use-hydrated";
import { SecondaryButton, TextAreaField } from "~/features/admin/components/form";
import { FormMessage, tKey } from "~/components/ui/form-fields";
import type { OrderMapProps } from "~/features/admin/components/order-map.client";
import { AdminPanel, AdminTable } from "~/features/admin/components/ui";
import { adminDateTime } from "~/features/admin/format.server";
import { type AdminFormResult, formValues, optionalText, parseWith } from "~/features/admin/forms.server";
import { requireOperator } from "~/features/admin/guard.server";
import { MOVE_NOTE_MAX, getAdminOrder, mapLink } from "~/features/admin/orders.server";
import { allowedMoves } from "~/features/orders/status";
import { changeOrderStatus } from "~/features/orders/status.server";
import { orderView } from "~/features/orders/view.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import { localePath } from "~/i18n/links";
import { z } from "zod";
import type { Route } from "./+types/order";
import { readForm } from "~/utils/forms.server";

// Issue 12, point 2 (§4.1, D24): one order for the operator — lines, money, customer, delivery
// point (coordinates and a map link without JavaScript, a small map with it), gift, history — and
// the status moves §4.1 allows from where it is. Each move goes through changeOrderStatus: the
// history the shopper's tracking shows, the customer's email in the order's language, stock back
// on a cancellation, and the audit entry, all in one place.

// Leaflet only in the browser and only here (importing it on the server crashes it).
const OrderMap = lazy(() =>
  import("~/features/admin/components/order-map.client").catch(() => ({
    default: MapUnavailable as (props: OrderMapProps) => React.JSX.Element,
  })),
);

function MapUnavailable() {
  const t = useT();
  return (
    <p role="status" className="text-sm font-medium text-red-800">
      {t("admin.orders.map.error")}
    </p>
  );
}

/** What a history note written by changeOrderStatus for a move without a note says. */
const ACTOR_NOTES = ["operator", "customer", "system"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, env } = requireOperator(context);
  const lang = requireLanguage(request, params.lang);
  const found = await getAdminOrder(db, params.transactionId);
  if (!found) throw data(null, { status: 404 });
  const { order, email } = found;
  const view = orderView(order, lang);
  return {
    id: order.transactionId,
    status: order.status,
    placed: adminDateTime(order.dateIssued, lang),
    placedIso: order.dateIssued.toISOString(),
    moves: allowedMoves(order.status),
    noteMax: MOVE_NOTE_MAX,
    lines: view.lines.map((line, n) => ({
      key: n,
      name: line.name,
      variety: line.variety,
      color: line.color,
      count: line.count,
      unit: line.unit,
      total: line.amount,
    })),
    money: {
      goods: view.text.goods,
      discount: view.text.discount,
      coupon: order.couponName,
      amount: view.text.amount,
      shipping: view.text.shippingCup,
      rate: view.text.rate,
      totalCup: view.text.totalCup,
    },
    customer: {
      name: view.delivery.fullName,
      email,
      phone: view.delivery.phone,
      clientId: view.delivery.clientId,
      address: view.delivery.address,
      city: view.delivery.city,
      province: view.delivery.province,
      zip: view.delivery.zip,
      language: order.language,
    },
    delivery: {
      option: order.deliveryOption,
      shippingName: order.shippingName,
      shippingTime: order.shippingTime,
      latitude: view.delivery.latitude,
      longitude: view.delivery.longitude,
      point: view.delivery.point,
      mapLink: mapLink(order.deliveryLatitude, order.deliveryLongitude),
      tileUrl: env.MAP_TILE_URL,
    },
    gift: view.gift,
    // Newest first: the operator wants to know what happened last.
    history: order.history
      .map((entry, n) => ({
        key: n,
        status: entry.status,
        when: adminDateTime(entry.date, lang),
        iso: entry.date.toISOString(),
        note: entry.note,
      }))
      .reverse(),
  };
}

const MoveSchema = z.object({
  to: z.enum(orderStatuses, "admin.orders.move.unknown"),
  note: optionalText(MOVE_NOTE_MAX),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, env, user } = requireOperator(context);
  const lang = requireLanguage(request, params.lang);
  const form = await readForm(request);
  const parsed = parseWith(MoveSchema, formValues(form));
  if (!parsed.ok) {
    return data<AdminFormResult>({ errors: parsed.errors, values: formValues(form) }, { status: 400 });
  }
  const { to, note } = parsed.data;
  const result = await changeOrderStatus({ db, env }, { transactionId: params.transactionId }, to, {
    note,
    actor: "operator",
    audit: { id: user.id, email: user.email },
  });
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404 });
    // A stale page (another operator moved it, or a move §4.1 does not allow): say so, keep the note.
    return data<AdminFormResult>({ formError: "admin.orders.move.invalid", values: formValues(form) }, { status: 409 });
  }
  return redirect(localePath(lang, `/admin/orders/${result.order.transactionId}?moved=${to}`), 303);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: metaT(args)("admin.orders.detail.title", { id: args.params.transactionId ?? "" }),
    noIndex: true,
  });

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function Details({ rows }: { rows: Array<[string, React.ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-600">{label}</dt>
          <dd className="mb-1 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function MovePanel({ status, moves, noteMax }: Pick<Data, "status" | "moves" | "noteMax">) {
  const t = useT();
  const answer = useActionData<typeof action>() as AdminFormResult | undefined;
  const errors = answer?.errors ?? {};
  const noteError = errors.note ? tKey(t, errors.note) : undefined;
  const toError = errors.to ? tKey(t, errors.to) : undefined;
  return (
    <AdminPanel id="order-move" title={t("admin.orders.move.title")}>
      {answer?.formError && <FormMessage tone="error">{tKey(t, answer.formError)}</FormMessage>}
      {toError && <FormMessage tone="error">{toError}</FormMessage>}
      <p className="mb-2 text-sm text-slate-700">
        {t("admin.orders.move.current")} <strong data-current-status={status}>{t(`invoice.status.${status}`)}</strong>
      </p>
      {moves.length === 0 ? (
        <p className="text-sm text-slate-700">{t("admin.orders.move.none")}</p>
      ) : (
        <Form method="post" className="space-y-3">
          <p className="text-sm text-slate-700">{t("admin.orders.move.intro")}</p>
          <TextAreaField
            id="order-move-note"
            name="note"
            label={t("admin.orders.move.note")}
            hint={t("admin.orders.move.noteHint", { max: noteMax })}
            error={noteError}
            maxLength={noteMax}
            rows={3}
            defaultValue={answer?.values?.note ?? ""}
          />
          <div className="flex flex-wrap gap-2">
            {moves
              .filter((to) => to !== "cancelled")
              .map((to) => (
                <button
                  key={to}
                  type="submit"
                  name="to"
                  value={to}
                  className="inline-flex min-h-11 items-center justify-center rounded-md bg-blue-800 px-4 text-sm font-semibold text-white hover:bg-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                >
                  {t(`admin.orders.move.to.${to}`)}
                </button>
              ))}
            {moves.includes("cancelled") && (
              <SecondaryButton tone="danger" name="to" value="cancelled" aria-describedby="order-cancel-hint">
                {t("admin.orders.move.to.cancelled")}
              </SecondaryButton>
            )}
          </div>
          {moves.includes("cancelled") && (
            <p id="order-cancel-hint" className="text-xs text-slate-600">
              {t("admin.orders.move.cancelHint")}
            </p>
          )}
        </Form>
      )}
    </AdminPanel>
  );
}

export default function AdminOrder() {
  const loaded = useLoaderData<typeof loader>();
  const { id, status, placed, placedIso, lines, money, customer, delivery, gift, history } = loaded;
  const t = useT();
  const href = useLocalePath();
  const hydrated = useHydrated();
  const [search] = useSearchParams();
  const moved = search.get("moved");
  const historyNote = (note: string) =>
    (ACTOR_NOTES as readonly string[]).includes(note)
      ? t(`admin.orders.history.by.${note as (typeof ACTOR_NOTES)[number]}`)
      : note;
  return (
    <div className="space-y-3">
      <p>
        <a
          href={href("/admin/orders")}
          className="inline-flex min-h-11 items-center text-sm text-blue-800 underline underline-offset-2"
        >
          {t("admin.orders.detail.back")}
        </a>
      </p>
      <h1 className="text-xl font-bold break-all text-slate-900">{t("admin.orders.detail.title", { id })}</h1>
      {moved && (orderStatuses as readonly string[]).includes(moved) && moved === status && (
        <FormMessage tone="success">
          {t("admin.orders.move.done", { status: t(`invoice.status.${status}`) })}
        </FormMessage>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
        <p>
          {t("admin.orders.detail.placed")} <time dateTime={placedIso}>{placed}</time>
        </p>
        <a
          href={href(`/admin/orders/${id}/sheet`)}
          className="inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-3 font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {t("admin.orders.detail.sheet")}
        </a>
      </div>

      <MovePanel status={status} moves={loaded.moves} noteMax={loaded.noteMax} />

      <AdminPanel id="order-lines" title={t("admin.orders.lines.title")}>
        <AdminTable
          caption={t("admin.orders.lines.title")}
          rows={lines}
          rowKey={(line) => line.key}
          columns={[
            {
              key: "name",
              header: t("admin.orders.lines.product"),
              label: t("admin.orders.lines.product"),
              cell: (line) => line.name,
            },
            {
              key: "variety",
              header: t("admin.orders.lines.variety"),
              label: t("admin.orders.lines.variety"),
              cell: (line) => line.variety || "—",
            },
            {
              key: "color",
              header: t("admin.orders.lines.color"),
              label: t("admin.orders.lines.color"),
              cell: (line) => line.color || "—",
            },
            {
              key: "count",
              header: t("admin.orders.lines.count"),
              label: t("admin.orders.lines.count"),
              cell: (line) => <span className="tabular-nums">{line.count}</span>,
              align: "end",
            },
            {
              key: "unit",
              header: t("admin.orders.lines.unit"),
              label: t("admin.orders.lines.unit"),
              cell: (line) => <span className="tabular-nums">{line.unit}</span>,
              align: "end",
            },
            {
              key: "total",
              header: t("admin.orders.lines.total"),
              label: t("admin.orders.lines.total"),
              cell: (line) => <span className="tabular-nums">{line.total}</span>,
              align: "end",
            },
          ]}
        />
      </AdminPanel>

      <div className="grid gap-3 md:grid-cols-2">
        <AdminPanel id="order-money" title={t("admin.orders.money.title")}>
          <Details
            rows={[
              [t("admin.orders.money.goods"), money.goods],
              ...(money.discount
                ? [
                    [
                      money.coupon
                        ? t("admin.orders.money.coupon", { name: money.coupon })
                        : t("admin.orders.money.discount"),
                      money.discount,
                    ] as [string, string],
                  ]
                : []),
              [t("admin.orders.money.amount"), <strong key="amount">{money.amount}</strong>],
              [t("admin.orders.money.shipping"), money.shipping ?? t("admin.orders.shippingFree")],
              [t("admin.orders.money.rate"), t("admin.orders.money.rateValue", { rate: money.rate })],
              [t("admin.orders.money.totalCup"), <strong key="cup">{money.totalCup}</strong>],
            ]}
          />
        </AdminPanel>

        <AdminPanel id="order-customer" title={t("admin.orders.customer.title")}>
          <Details
            rows={[
              [t("admin.orders.customer.name"), customer.name],
              [
                t("admin.orders.customer.email"),
                <span key="email" className="break-all">
                  {customer.email}
                </span>,
              ],
              [t("admin.orders.customer.phone"), customer.phone],
              [t("admin.orders.customer.clientId"), customer.clientId],
              [t("admin.orders.customer.address"), customer.address],
              [t("admin.orders.customer.city"), customer.city],
              [t("admin.orders.customer.province"), customer.province],
              [t("admin.orders.customer.zip"), customer.zip || "—"],
              [t("admin.orders.customer.language"), t(`admin.orders.language.${customer.language}`)],
            ]}
          />
        </AdminPanel>
      </div>

      <AdminPanel id="order-delivery" title={t("admin.orders.delivery.title")}>
        <div className="grid gap-3 md:grid-cols-2">
          <div>
            <Details
              rows={[
                [t("admin.orders.delivery.option"), t(`admin.orders.option.${delivery.option}`)],
                [t("admin.orders.delivery.shippingName"), delivery.shippingName],
                [t("admin.orders.delivery.shippingTime"), delivery.shippingTime],
                [
                  t("admin.orders.delivery.point"),
                  <span key="point" className="font-mono" data-coordinates>
                    {delivery.point}
                  </span>,
                ],
              ]}
            />
            <a
              href={delivery.mapLink}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-flex min-h-11 items-center text-sm text-blue-800 underline underline-offset-2"
            >
              {t("admin.orders.delivery.openMap")}
            </a>
          </div>
          <div>
            {hydrated ? (
              <Suspense fallback={<p className="text-sm text-slate-600">{t("admin.orders.map.loading")}</p>}>
                <OrderMap tileUrl={delivery.tileUrl} latitude={delivery.latitude} longitude={delivery.longitude} />
              </Suspense>
            ) : (
              <p className="text-sm text-slate-600">{t("admin.orders.map.loading")}</p>
            )}
          </div>
        </div>
      </AdminPanel>

      <AdminPanel id="order-gift" title={t("admin.orders.gift.title")}>
        {gift.isGift ? (
          <>
            <p className="text-sm font-semibold">{t("admin.orders.gift.yes")}</p>
            <p className="mt-1 text-sm whitespace-pre-line">
              {gift.message ? `“${gift.message}”` : t("admin.orders.gift.noMessage")}
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-700">{t("admin.orders.gift.no")}</p>
        )}
      </AdminPanel>

      <AdminPanel id="order-history" title={t("admin.orders.history.title")}>
        <AdminTable
          caption={t("admin.orders.history.title")}
          rows={history}
          rowKey={(entry) => entry.key}
          columns={[
            {
              key: "status",
              header: t("admin.orders.history.status"),
              label: t("admin.orders.history.status"),
              cell: (entry) => t(`invoice.status.${entry.status}`),
            },
            {
              key: "when",
              header: t("admin.orders.history.when"),
              label: t("admin.orders.history.when"),
              cell: (entry) => <time dateTime={entry.iso}>{entry.when}</time>,
            },
            {
              key: "note",
              header: t("admin.orders.history.note"),
              label: t("admin.orders.history.note"),
              cell: (entry) => <span className="break-words">{entry.note ? historyNote(entry.note) : "—"}</span>,
            },
          ]}
        />
      </AdminPanel>
    </div>
  );
}
