/**
 * The coupon form of the back office shared by the new and edit pages: plain
 * HTML that works before JavaScript, each error beside its field, what was typed kept on refusal.
 */
import { Form } from "~/components/router-links";
import { useT } from "~/i18n/use-t";
import { CheckboxField, SelectField } from "./form";
import { ErrorSummary, SubmitButton, TextField, tKey } from "~/components/ui/form-fields";

export type CouponFormLimits = { codeMax: number; codePattern: string; maxUsesLimit: number };

type Field = "code" | "kind" | "percent" | "amount" | "minTotal" | "validFrom" | "validUntil" | "maxUses" | "active";

export function CouponForm({
  values,
  errors,
  limits,
  uses,
  submitLabel,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
  limits: CouponFormLimits;
  /** The coupon's uses so far (edit only): read-only, orders move it. */
  uses?: number;
  submitLabel: string;
}) {
  const t = useT();
  const labels: Record<Field, string> = {
    code: t("admin.coupons.field.code"),
    kind: t("admin.coupons.field.kind"),
    percent: t("admin.coupons.field.percent"),
    amount: t("admin.coupons.field.amount"),
    minTotal: t("admin.coupons.field.minTotal"),
    validFrom: t("admin.coupons.field.validFrom"),
    validUntil: t("admin.coupons.field.validUntil"),
    maxUses: t("admin.coupons.field.maxUses"),
    active: t("admin.coupons.field.active"),
  };
  const error = (field: Field) =>
    errors[field] ? tKey(t, errors[field], { max: limits.codeMax, uses: uses ?? 0 }) : undefined;
  const kind = values.kind === "amount" ? "amount" : "percent";
  return (
    <>
      <ErrorSummary errors={errors} labels={labels} idPrefix="coupon" />
      <Form method="post" noValidate className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="coupon-code"
          name="code"
          label={labels.code}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={limits.codeMax}
          pattern={limits.codePattern}
          hint={t("admin.coupons.hint.code", { max: limits.codeMax })}
          error={error("code")}
          defaultValue={values.code ?? ""}
        />
        <SelectField
          id="coupon-kind"
          name="kind"
          label={labels.kind}
          options={[
            ["percent", t("admin.coupons.kind.percent")],
            ["amount", t("admin.coupons.kind.amount")],
          ]}
          hint={t("admin.coupons.hint.kind")}
          error={error("kind")}
          defaultValue={kind}
        />
        <TextField
          id="coupon-percent"
          name="percent"
          label={labels.percent}
          inputMode="numeric"
          hint={t("admin.coupons.hint.percent")}
          error={error("percent")}
          defaultValue={values.percent ?? ""}
        />
        <TextField
          id="coupon-amount"
          name="amount"
          label={labels.amount}
          inputMode="decimal"
          hint={t("admin.coupons.hint.amount")}
          error={error("amount")}
          defaultValue={values.amount ?? ""}
        />
        <TextField
          id="coupon-minTotal"
          name="minTotal"
          label={labels.minTotal}
          inputMode="decimal"
          hint={t("admin.coupons.hint.minTotal")}
          error={error("minTotal")}
          defaultValue={values.minTotal ?? ""}
        />
        <TextField
          id="coupon-maxUses"
          name="maxUses"
          label={labels.maxUses}
          inputMode="numeric"
          hint={uses === undefined ? t("admin.coupons.hint.maxUses") : t("admin.coupons.hint.maxUsesEdit", { uses })}
          error={error("maxUses")}
          defaultValue={values.maxUses ?? ""}
        />
        <TextField
          id="coupon-validFrom"
          name="validFrom"
          type="datetime-local"
          label={labels.validFrom}
          hint={t("admin.coupons.hint.validFrom")}
          error={error("validFrom")}
          defaultValue={values.validFrom ?? ""}
        />
        <TextField
          id="coupon-validUntil"
          name="validUntil"
          type="datetime-local"
          label={labels.validUntil}
          hint={t("admin.coupons.hint.validUntil")}
          error={error("validUntil")}
          defaultValue={values.validUntil ?? ""}
        />
        {uses !== undefined && (
          <TextField
            id="coupon-uses"
            label={t("admin.coupons.field.uses")}
            readOnly
            value={String(uses)}
            hint={t("admin.coupons.hint.uses")}
          />
        )}
        <CheckboxField
          id="coupon-active"
          name="active"
          label={labels.active}
          hint={t("admin.coupons.hint.active")}
          error={error("active")}
          defaultChecked={values.active === "on"}
        />
        <div className="sm:col-span-2 sm:max-w-xs">
          <SubmitButton>{submitLabel}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
