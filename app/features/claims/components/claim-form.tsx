import { Form, Link } from "~/components/router-links";
import { ErrorSummary, type FieldErrorKeys, FormMessage, INPUT, SubmitButton, tKey } from "~/components/ui/form-fields";
import { useLocalePath, useT } from "~/i18n/use-t";
import { CLAIM_DESCRIPTION_MAX, CLAIM_DESCRIPTION_MIN, MAX_CLAIM_PHOTOS, MAX_CLAIM_PHOTO_BYTES } from "../limits";

/**
 * The shopper's "Reportar un defecto" form (docs/features.md, "Defect claims"): the line, a description and up to
 * MAX_CLAIM_PHOTOS photos, posted as multipart; works before JavaScript. Errors beside each field
 * and in a summary; the description typed is kept.
 */
export function ClaimForm({
  transactionId,
  line,
  name,
  accept,
  description,
  errors,
  formError,
}: {
  transactionId: string;
  line: number;
  name: string;
  accept: string;
  description: string;
  errors: FieldErrorKeys;
  formError?: string;
}) {
  const t = useT();
  const href = useLocalePath();
  const labels = {
    description: t("claims.form.description"),
    photos: t("claims.form.photos", { max: MAX_CLAIM_PHOTOS }),
    line: t("claims.form.title"),
  };
  const fieldError = (field: string) => {
    const key = errors[field];
    if (!key) return null;
    return (
      <p id={`claim-${field}-error`} className="mt-1 text-sm font-medium text-red-800">
        <span aria-hidden="true">⚠ </span>
        {tKey(t, key)}
      </p>
    );
  };
  const orderHref = `${href("/orders")}?order=${encodeURIComponent(transactionId)}`;
  return (
    <div className="mt-3 max-w-2xl">
      <p className="text-slate-700">{t("claims.form.intro", { name, max: MAX_CLAIM_PHOTOS })}</p>
      {formError && <FormMessage tone="error">{tKey(t, formError)}</FormMessage>}
      <ErrorSummary errors={errors} labels={labels} idPrefix="claim" />
      <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4" noValidate>
        <input type="hidden" name="line" value={line} />
        <div>
          <label htmlFor="claim-description" className="mb-1 block text-sm font-semibold text-slate-800">
            {labels.description}
          </label>
          <textarea
            id="claim-description"
            name="description"
            required
            minLength={CLAIM_DESCRIPTION_MIN}
            maxLength={CLAIM_DESCRIPTION_MAX}
            rows={5}
            defaultValue={description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={[errors.description ? "claim-description-error" : "", "claim-description-hint"]
              .filter(Boolean)
              .join(" ")}
            className={`${INPUT} ${errors.description ? "border-red-700" : "border-slate-400"}`}
          />
          {fieldError("description")}
          <p id="claim-description-hint" className="mt-1 text-sm text-slate-600">
            {t("claims.form.descriptionHint", { min: CLAIM_DESCRIPTION_MIN, max: CLAIM_DESCRIPTION_MAX })}
          </p>
        </div>
        <div>
          <label htmlFor="claim-photos" className="mb-1 block text-sm font-semibold text-slate-800">
            {labels.photos}
          </label>
          <input
            id="claim-photos"
            name="photos"
            type="file"
            multiple
            accept={accept}
            aria-invalid={errors.photos ? true : undefined}
            aria-describedby={[errors.photos ? "claim-photos-error" : "", "claim-photos-hint"]
              .filter(Boolean)
              .join(" ")}
            className="block w-full text-base text-slate-900 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:font-semibold"
          />
          {fieldError("photos")}
          <p id="claim-photos-hint" className="mt-1 text-sm text-slate-600">
            {t("claims.form.photosHint", { mb: MAX_CLAIM_PHOTO_BYTES / (1024 * 1024) })}
          </p>
        </div>
        {fieldError("line")}
        <div className="grid gap-2 sm:flex sm:items-center sm:gap-4">
          <div className="sm:w-64">
            <SubmitButton>{t("claims.form.submit")}</SubmitButton>
          </div>
          <Link
            to={orderHref}
            className="inline-flex min-h-11 items-center rounded font-semibold text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            {t("claims.form.back")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
