import { data, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { Form } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { FormMessage, SubmitButton, tKey } from "~/components/ui/form-fields";
import { setCustomerDeactivated } from "~/features/accounts/customers.server";
import { CheckboxField } from "~/features/admin/components/form";
import { orderMoneyColumns } from "~/features/admin/components/order-columns";
import { AdminPanel, AdminTable } from "~/features/admin/components/ui";
import { type AdminFormResult, refuse } from "~/features/admin/forms.server";
import { requireStaff, staffCan } from "~/features/admin/guard.server";
import { customerPage } from "~/features/customers/customer-page.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import { parseRowId } from "~/utils/ids";
import { readForm } from "~/utils/forms.server";
import type { Route } from "./+types/customer";

// One customer (docs/features.md, "Customers"): the account, its orders and reviews (read only), and for the
// owner a confirmed form to deactivate or reactivate it. The rules (customers only, audited,
// sessions ended) live in app/features/accounts/customers.server.ts.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, user } = requireStaff(context, "customers");
  const lang = requireLanguage(request, params.lang);
  const page = await customerPage(db, params.customerId, lang);
  if (!page) throw data(null, { status: 404 });
  return { ...page, mayChange: staffCan(user, "customers", "change") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = requireStaff(context, "customers", "change");
  const lang = requireLanguage(request, params.lang);
  const id = parseRowId(params.customerId);
  if (id === null) throw data(null, { status: 404 });
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "deactivate" && intent !== "reactivate") throw data(null, { status: 400 });
  // The confirmation is a checkbox, so it works without JavaScript.
  if (!form.get("confirm")) return refuse({ confirm: "admin.customers.confirmRequired" }, form);
  const result = await setCustomerDeactivated(db, actor, id, intent === "deactivate");
  if (!result.ok) throw data(null, { status: 404 });
  return redirect(`/${lang}/admin/customers/${id}?done=${intent}`, 303);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.customers.pageTitle"), noIndex: true });

const LINK = "inline-flex min-h-11 items-center break-all text-blue-800 underline underline-offset-2 sm:min-h-0";

export default function AdminCustomer() {
  const { customer, orders, reviews, mayChange } = useLoaderData<typeof loader>();
  const answer = useActionData<AdminFormResult>();
  const [search] = useSearchParams();
  const t = useT();
  const href = useLocalePath();
  const done = search.get("done");
  const intent = customer.deactivated ? "reactivate" : "deactivate";
  const facts: Array<[string, React.ReactNode]> = [
    [t("admin.customers.col.email"), <span className="break-all">{customer.email}</span>],
    [t("admin.customers.col.name"), customer.name || "—"],
    [t("admin.customers.col.phone"), customer.phone || "—"],
    [t("admin.customers.col.joined"), <time dateTime={customer.joinedIso}>{customer.joined}</time>],
    [
      t("admin.customers.lastLogin"),
      customer.lastLogin && customer.lastLoginIso ? (
        <time dateTime={customer.lastLoginIso}>{customer.lastLogin}</time>
      ) : (
        t("admin.customers.neverSignedIn")
      ),
    ],
    [t("admin.customers.emailConfirmed"), t(customer.emailConfirmed ? "admin.customers.yes" : "admin.customers.no")],
    [
      t("admin.customers.col.state"),
      <span data-state={customer.deactivated ? "deactivated" : "active"}>
        {customer.deactivated && customer.deactivatedIso ? (
          <>
            {t("admin.customers.state.deactivated")} (
            <time dateTime={customer.deactivatedIso}>{customer.deactivated}</time>)
          </>
        ) : (
          t("admin.customers.state.active")
        )}
      </span>,
    ],
  ];
  return (
    <div className="space-y-3">
      <p className="text-sm">
        <a href={href("/admin/customers")} className={LINK}>
          {t("admin.customers.back")}
        </a>
      </p>
      <h1 className="text-xl font-bold break-all text-slate-900">
        {t("admin.customers.heading", { name: customer.name || customer.email })}
      </h1>
      {!answer && (done === "deactivate" || done === "reactivate") && (
        <FormMessage tone="success">
          {t(done === "deactivate" ? "admin.customers.deactivatedNotice" : "admin.customers.reactivatedNotice")}
        </FormMessage>
      )}

      <AdminPanel id="customer-account" title={t("admin.customers.account")}>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-slate-700">{term}</dt>
              <dd className="mb-1 text-slate-900 sm:mb-0">{value}</dd>
            </div>
          ))}
        </dl>
      </AdminPanel>

      {mayChange && (
        <AdminPanel id="customer-access" title={t(`admin.customers.${intent}.title`)}>
          <p className="mb-2 text-sm text-slate-700">{t(`admin.customers.${intent}.intro`)}</p>
          <Form method="post" noValidate className="space-y-3">
            <input type="hidden" name="intent" value={intent} />
            <CheckboxField
              id="customer-confirm"
              name="confirm"
              value="yes"
              label={t(`admin.customers.${intent}.confirm`, { email: customer.email })}
              error={answer?.errors?.confirm ? tKey(t, answer.errors.confirm) : undefined}
            />
            <div className="sm:max-w-xs">
              <SubmitButton>{t(`admin.customers.${intent}.submit`)}</SubmitButton>
            </div>
          </Form>
        </AdminPanel>
      )}

      <AdminPanel id="customer-orders" title={t("admin.customers.orders", { count: orders.length })}>
        {orders.length === 0 ? (
          <p className="text-sm text-slate-700">{t("admin.customers.noOrders")}</p>
        ) : (
          <AdminTable
            caption={t("admin.customers.ordersCaption", { email: customer.email })}
            rows={orders}
            rowKey={(row) => row.id}
            columns={[
              {
                key: "id",
                header: t("admin.orders.col.id"),
                label: t("admin.orders.col.id"),
                cell: (row) => (
                  <a href={href(`/admin/orders/${row.id}`)} className={`${LINK} font-mono text-xs`}>
                    {row.id}
                  </a>
                ),
              },
              {
                key: "date",
                header: t("admin.orders.col.date"),
                label: t("admin.orders.col.date"),
                cell: (row) => <time dateTime={row.iso}>{row.date}</time>,
              },
              ...orderMoneyColumns(t),
            ]}
          />
        )}
      </AdminPanel>

      <AdminPanel id="customer-reviews" title={t("admin.customers.reviews", { count: reviews.length })}>
        {reviews.length === 0 ? (
          <p className="text-sm text-slate-700">{t("admin.customers.noReviews")}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {reviews.map((review) => (
              <li key={review.id} className="py-2 text-sm">
                <p className="font-semibold text-slate-900">{review.product}</p>
                <p className="text-slate-700">
                  {t("admin.customers.rating", { rating: String(review.rating) })} ·{" "}
                  <time dateTime={review.iso}>{review.date}</time>
                </p>
                <p className="mt-1 break-words whitespace-pre-line text-slate-900">{review.comment}</p>
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>
    </div>
  );
}
