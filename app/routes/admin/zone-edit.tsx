import { data, redirect, useActionData, useLoaderData } from "react-router";
import { Form } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { ErrorSummary, SubmitButton, TextField, tKey } from "~/components/ui/form-fields";
import { CheckboxField, SecondaryButton } from "~/features/admin/components/form";
import { AdminPanel } from "~/features/admin/components/ui";
import { type AdminFormResult, formValues, parseWith, refuse } from "~/features/admin/forms.server";
import { requireStaff } from "~/features/admin/guard.server";
import { findProvince } from "~/features/delivery/cuba";
import {
  MAX_DELIVERY_DAYS,
  PAUSE_REASON_MAX,
  ZoneSchema,
  resetZone,
  updateZone,
  zoneOf,
} from "~/features/delivery/zones.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import { readForm } from "~/utils/forms.server";
import type { Route } from "./+types/zone-edit";

// One municipality's delivery zone: served or not, paused (with the reason shoppers see, in both
// languages), the estimate, express and the minimum order; or back to the default zone.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "zones");
  requireLanguage(request, params.lang);
  const zone = await zoneOf(db, params.municipalityId);
  if (!zone) throw data(null, { status: 404 });
  return {
    name: zone.name,
    province: findProvince(zone.provinceId)?.name ?? "",
    values: {
      ...(zone.served ? { served: "on" } : {}),
      ...(zone.paused ? { paused: "on" } : {}),
      ...(zone.express ? { express: "on" } : {}),
      pauseReasonEs: zone.pauseReasonEs,
      pauseReasonEn: zone.pauseReasonEn,
      minDays: String(zone.minDays),
      maxDays: String(zone.maxDays),
      minOrderCents: (zone.minOrderCents / 100).toFixed(2),
    } as Record<string, string>,
    limits: { reasonMax: PAUSE_REASON_MAX, daysMax: MAX_DELIVERY_DAYS },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = requireStaff(context, "zones", "change");
  const lang = requireLanguage(request, params.lang);
  const form = await readForm(request);
  const id = params.municipalityId;
  if (form.get("intent") === "reset") {
    if (!(await resetZone(db, actor, id))) throw data(null, { status: 404 });
    return redirect(`/${lang}/admin/zones?reset=${encodeURIComponent(id)}`, 303);
  }
  const parsed = parseWith(ZoneSchema, formValues(form));
  if (!parsed.ok) return refuse(parsed.errors, form);
  if (!(await updateZone(db, actor, id, parsed.data))) throw data(null, { status: 404 });
  return redirect(`/${lang}/admin/zones?saved=${encodeURIComponent(id)}`, 303);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? `${args.data.name} · ${metaT(args)("admin.zones.title")}` : metaT(args)("admin.zones.title"),
    noIndex: true,
  });

type Field =
  | "served"
  | "paused"
  | "pauseReasonEs"
  | "pauseReasonEn"
  | "minDays"
  | "maxDays"
  | "express"
  | "minOrderCents";

export default function AdminZoneEdit() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<AdminFormResult>();
  const t = useT();
  const href = useLocalePath();
  const values = result?.values ?? loaded.values;
  const errors = result?.errors ?? {};
  const labels: Record<Field, string> = {
    served: t("admin.zones.field.served"),
    paused: t("admin.zones.field.paused"),
    pauseReasonEs: t("admin.zones.field.pauseReasonEs"),
    pauseReasonEn: t("admin.zones.field.pauseReasonEn"),
    minDays: t("admin.zones.field.minDays"),
    maxDays: t("admin.zones.field.maxDays"),
    express: t("admin.zones.field.express"),
    minOrderCents: t("admin.zones.field.minOrder"),
  };
  const error = (field: Field) =>
    errors[field] ? tKey(t, errors[field], { max: loaded.limits.reasonMax, days: loaded.limits.daysMax }) : undefined;
  const text = (field: Field) => ({
    id: `zone-${field}`,
    name: field,
    label: labels[field],
    error: error(field),
    defaultValue: values[field] ?? "",
  });
  const check = (field: Field) => ({
    id: `zone-${field}`,
    name: field,
    label: labels[field],
    error: error(field),
    defaultChecked: values[field] !== undefined,
  });
  return (
    <div className="space-y-3">
      <p>
        <a
          href={href("/admin/zones")}
          className="inline-flex min-h-11 items-center text-sm text-blue-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          {t("admin.zones.back")}
        </a>
      </p>
      <h1 className="text-xl font-bold text-slate-900">
        {t("admin.zones.editTitle", { name: loaded.name, province: loaded.province })}
      </h1>
      <AdminPanel id="zone-form" title={t("admin.zones.title")}>
        <ErrorSummary errors={errors} labels={labels} idPrefix="zone" />
        <Form method="post" noValidate className="grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="save" />
          <CheckboxField {...check("served")} />
          <CheckboxField {...check("express")} />
          <CheckboxField {...check("paused")} />
          <div className="hidden sm:block" />
          <TextField
            {...text("pauseReasonEs")}
            maxLength={loaded.limits.reasonMax}
            hint={t("admin.zones.hint.pauseReason")}
          />
          <TextField {...text("pauseReasonEn")} maxLength={loaded.limits.reasonMax} />
          <TextField {...text("minDays")} inputMode="numeric" />
          <TextField {...text("maxDays")} inputMode="numeric" />
          <TextField {...text("minOrderCents")} inputMode="decimal" hint={t("admin.zones.hint.minOrder")} />
          <div className="sm:col-span-2 sm:max-w-xs">
            <SubmitButton>{t("admin.zones.submit")}</SubmitButton>
          </div>
        </Form>
        <p className="mt-4 text-sm text-slate-700">{t("admin.zones.defaults")}</p>
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="reset" />
          <SecondaryButton>{t("admin.zones.reset")}</SecondaryButton>
        </Form>
      </AdminPanel>
    </div>
  );
}
