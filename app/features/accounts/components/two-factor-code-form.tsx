import { Form } from "~/components/router-links";
import { SubmitButton, TextField, tKey } from "~/components/ui/form-fields";
import { useT } from "~/i18n/use-t";

/** The code field of the enrol and verify pages (decision 017): works without JavaScript, its error beside it. */
export function TwoFactorCodeForm({
  id,
  next,
  error,
  errorValues,
  submit,
  recovery,
}: {
  id: string;
  next: string;
  error?: string;
  errorValues?: Record<string, number>;
  submit: string;
  /** Whether a recovery code is accepted too (the verify page). */
  recovery: boolean;
}) {
  const t = useT();
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="next" value={next} />
      <TextField
        id={id}
        name="code"
        label={t("twoFactor.field.code")}
        hint={recovery ? t("twoFactor.field.codeHint") : undefined}
        autoComplete="one-time-code"
        inputMode={recovery ? "text" : "numeric"}
        autoCapitalize="characters"
        spellCheck={false}
        required
        maxLength={24}
        error={error ? tKey(t, error, errorValues) : undefined}
      />
      <SubmitButton>{submit}</SubmitButton>
    </Form>
  );
}
