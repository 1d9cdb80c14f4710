import { data, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { metaT, pageMeta } from "~/components/seo";
import { CouponForm } from "~/features/admin/components/coupon-form";
import { FormMessage, tKey } from "~/components/ui/form-fields";
import { AdminPanel } from "~/features/admin/components/ui";
import {
  COUPON_CODE_MAX,
  COUPON_CODE_PATTERN,
  CouponSchema,
  MAX_USES_LIMIT,
  couponFormValues,
  couponStatus,
  getCouponById,
  updateCoupon,
} from "~/features/coupons/coupon-admin.server";
import { type AdminFormResult, formValues, parseWith, refuse } from "~/features/admin/forms.server";
import { requireStaff } from "~/features/admin/guard.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/coupon-edit";
import { readForm } from "~/utils/forms.server";

// (spec §7.4, §8 Coupon) edit a coupon; its uses are shown, never typed.

const idOf = (param: string | undefined) => (/^\d{1,10}$/.test(param ?? "") ? Number(param) : NaN);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "coupons");
  requireLanguage(request, params.lang);
  const coupon = await getCouponById(db, idOf(params.couponId));
  if (!coupon) throw data(null, { status: 404 });
  return {
    id: coupon.id,
    name: coupon.name,
    uses: coupon.uses,
    status: couponStatus(coupon),
    values: couponFormValues(coupon),
    limits: { codeMax: COUPON_CODE_MAX, codePattern: COUPON_CODE_PATTERN, maxUsesLimit: MAX_USES_LIMIT },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = requireStaff(context, "coupons", "change");
  const lang = requireLanguage(request, params.lang);
  const id = idOf(params.couponId);
  const form = await readForm(request);
  const parsed = parseWith(CouponSchema, formValues(form));
  if (!parsed.ok) return refuse(parsed.errors, form);
  const result = await updateCoupon(db, actor, id, parsed.data);
  if (!result) throw data(null, { status: 404 });
  if (!result.ok) return refuse(result.errors, form);
  return redirect(`/${lang}/admin/coupons/${id}?saved=1`, 303);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? `${args.data.name} · ${metaT(args)("admin.coupons.title")}` : metaT(args)("admin.coupons.title"),
    noIndex: true,
  });

export default function AdminCouponEdit() {
  const { name, uses, status, values, limits } = useLoaderData<typeof loader>();
  const result = useActionData<AdminFormResult>();
  const [search] = useSearchParams();
  const t = useT();
  const href = useLocalePath();
  return (
    <div className="space-y-3">
      <p>
        <a
          href={href("/admin/coupons")}
          className="inline-flex min-h-11 items-center text-sm text-blue-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          {t("admin.coupons.back")}
        </a>
      </p>
      <h1 className="text-xl font-bold break-all text-slate-900">{t("admin.coupons.editTitle", { code: name })}</h1>
      {search.get("saved") && !result && <FormMessage tone="success">{t("admin.form.saved")}</FormMessage>}
      {result?.formError && <FormMessage tone="error">{tKey(t, result.formError)}</FormMessage>}
      <p className="text-sm text-slate-700">
        {t("admin.coupons.statusNow")} <strong>{t(`admin.coupons.status.${status}`)}</strong>
      </p>
      <AdminPanel id="coupon-form" title={t("admin.coupons.formTitle")}>
        <CouponForm
          values={result?.values ?? values}
          errors={result?.errors ?? {}}
          limits={limits}
          uses={uses}
          submitLabel={t("admin.coupons.save")}
        />
      </AdminPanel>
    </div>
  );
}
