import type { Check } from "~/features/accounts/schemas";
import { useT } from "~/i18n/use-t";
import { Checklist, MatchIndicator } from "./checklist";
import { TextField } from "~/components/ui/form-fields";

/**
 * A new password and its repeat (§2.6, §5), as sign-up and the reset confirmation ask for them:
 * the password with its live rule checklist (and an optional note below it), then the repeat with
 * its live match indicator. The ids are `{idPrefix}-{name}` so labels, errors and the error
 * summary's links line up with the server's field names.
 */
export function NewPasswordFields({
  idPrefix,
  names,
  labels,
  errors,
  checks,
  touched,
  values,
  note,
}: {
  idPrefix: string;
  names: { password: string; repeat: string };
  labels: { password: string; repeat: string };
  errors: { password?: string; repeat?: string };
  checks: Check[];
  /** Before the shopper types a password, the checklist's summary stays quiet. */
  touched: boolean;
  values: { password: string; repeat: string };
  note?: string;
}) {
  const t = useT();
  const passwordId = `${idPrefix}-${names.password}`;
  const repeatId = `${idPrefix}-${names.repeat}`;
  return (
    <>
      <TextField
        id={passwordId}
        name={names.password}
        type="password"
        label={labels.password}
        autoComplete="new-password"
        required
        maxLength={128}
        error={errors.password}
        describedBy={note ? `${passwordId}-checks ${passwordId}-note` : `${passwordId}-checks`}
      >
        <Checklist
          id={`${passwordId}-checks`}
          title={t("accounts.checks.password.title")}
          checks={checks}
          keyPrefix="accounts.checks.password"
          touched={touched}
        />
        {note && (
          <p id={`${passwordId}-note`} className="mt-1 text-sm text-slate-600">
            {note}
          </p>
        )}
      </TextField>
      <TextField
        id={repeatId}
        name={names.repeat}
        type="password"
        label={labels.repeat}
        autoComplete="new-password"
        required
        maxLength={128}
        error={errors.repeat}
        describedBy={`${repeatId}-match`}
      >
        <MatchIndicator id={`${repeatId}-match`} password={values.password} repeat={values.repeat} />
      </TextField>
    </>
  );
}
