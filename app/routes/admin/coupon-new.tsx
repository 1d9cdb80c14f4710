import { redirect, useActionData, useLoaderData } from "react-router";
import { metaT, pageMeta } from "~/components/seo";
import { CouponForm } from "~/features/admin/components/coupon-form";
import { FormMessage, tKey } from "~/components/ui/form-fields";
import { AdminPanel } from "~/features/admin/components/ui";
import {
  COUPON_CODE_MAX,
  COUPON_CODE_PATTERN,
  CouponSchema,
  MAX_USES_LIMIT,
  createCoupon,
} from "~/features/coupons/coupon-admin.server";
import { type AdminFormResult, formValues, parseWith, refuse } from "~/features/admin/forms.server";
import { requireStaff } from "~/features/admin/guard.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/coupon-new";
import { readForm } from "~/utils/forms.server";

// (spec §7.4, §8 Coupon) a new coupon, checked by the server only.

export function loader({ request, params, context }: Route.LoaderArgs) {
  requireStaff(context, "coupons");
  requireLanguage(request, params.lang);
  return { limits: { codeMax: COUPON_CODE_MAX, codePattern: COUPON_CODE_PATTERN, maxUsesLimit: MAX_USES_LIMIT } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = requireStaff(context, "coupons", "change");
  const lang = requireLanguage(request, params.lang);
  const form = await readForm(request);
  const parsed = parseWith(CouponSchema, formValues(form));
  if (!parsed.ok) return refuse(parsed.errors, form);
  const result = await createCoupon(db, actor, parsed.data);
  if (!result.ok) return refuse(result.errors, form);
  return redirect(`/${lang}/admin/coupons?created=${result.coupon.id}`, 303);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.coupons.newTitle"), noIndex: true });

export default function AdminCouponNew() {
  const { limits } = useLoaderData<typeof loader>();
  const result = useActionData<AdminFormResult>();
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
      <h1 className="text-xl font-bold text-slate-900">{t("admin.coupons.newTitle")}</h1>
      {result?.formError && <FormMessage tone="error">{tKey(t, result.formError)}</FormMessage>}
      <AdminPanel id="coupon-form" title={t("admin.coupons.formTitle")}>
        <CouponForm
          values={result?.values ?? { kind: "percent", active: "on" }}
          errors={result?.errors ?? {}}
          limits={limits}
          submitLabel={t("admin.coupons.create")}
        />
      </AdminPanel>
    </div>
  );
}
