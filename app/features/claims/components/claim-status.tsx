import type { ClaimStatus } from "~/db/schema/claims";
import type { TranslationKey } from "~/i18n/i18n";
import { useT } from "~/i18n/use-t";

const BADGE: Record<ClaimStatus, string> = {
  pending: "bg-amber-100 text-amber-950 ring-amber-300",
  approved: "bg-green-100 text-green-950 ring-green-300",
  rejected: "bg-slate-200 text-slate-900 ring-slate-400",
};

/** A claim's state, as a badge (docs/features.md, "Defect claims"). */
export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const t = useT();
  return (
    <span
      data-claim-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset ${BADGE[status]}`}
    >
      {t(`claims.status.${status}` as TranslationKey)}
    </span>
  );
}
