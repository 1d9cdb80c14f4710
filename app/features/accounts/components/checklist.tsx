import type { Check } from "~/features/accounts/schemas";
import { useT } from "~/i18n/use-t";
import { tKey } from "~/components/ui/form-fields";

/**
 * A live requirement checklist (§2.6, §5): one line per rule, each saying in words whether it is
 * met (a mark and a hidden 'met'/'not met', never colour alone), and a polite live summary so a
 * screen reader hears progress without every keystroke being read out.
 */
export function Checklist({
  id,
  title,
  checks,
  keyPrefix,
  touched,
}: {
  id: string;
  title: string;
  checks: Check[];
  /** `accounts.checks.username` -> `accounts.checks.username.length`, ... */
  keyPrefix: string;
  /** Before the shopper types, the summary stays quiet. */
  touched: boolean;
}) {
  const t = useT();
  const met = checks.filter((check) => check.ok).length;
  return (
    <div className="mt-2 rounded-md bg-slate-50 px-3 py-2 text-sm">
      <p id={`${id}-title`} className="font-medium text-slate-800">
        {title}
      </p>
      <ul id={id} aria-labelledby={`${id}-title`} className="mt-1 space-y-0.5">
        {checks.map((check) => (
          <li
            key={check.id}
            data-check={check.id}
            data-ok={check.ok ? "true" : "false"}
            className={`flex items-start gap-1.5 ${check.ok ? "text-green-800" : "text-slate-700"}`}
          >
            <span aria-hidden="true" className="w-4 shrink-0 text-center font-bold">
              {check.ok ? "✓" : "✗"}
            </span>
            <span>
              {tKey(t, `${keyPrefix}.${check.id}`)}
              <span className="sr-only"> ({t(check.ok ? "accounts.checks.met" : "accounts.checks.unmet")})</span>
            </span>
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="mt-1 text-xs text-slate-600">
        {touched ? t("accounts.checks.summary", { met, total: checks.length }) : ""}
      </p>
    </div>
  );
}

/** The repeat field's live match indicator (§5), in words; empty until both fields have text. */
export function MatchIndicator({ id, password, repeat }: { id: string; password: string; repeat: string }) {
  const t = useT();
  const show = password.length > 0 && repeat.length > 0;
  const ok = password === repeat;
  return (
    <p
      id={id}
      aria-live="polite"
      className={`mt-1 min-h-5 text-sm font-medium ${ok ? "text-green-800" : "text-red-800"}`}
    >
      {show && (
        <>
          <span aria-hidden="true">{ok ? "✓ " : "✗ "}</span>
          {t(ok ? "accounts.match.ok" : "accounts.match.no")}
        </>
      )}
    </p>
  );
}
