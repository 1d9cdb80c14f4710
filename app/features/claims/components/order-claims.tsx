import { Link } from "~/components/router-links";
import { useLocalePath, useT } from "~/i18n/use-t";
import { DEFECT_REPORT_HOURS } from "~/features/content/policy";
import type { ClaimItemView, OrderClaimsView } from "../page-view";
import { ClaimPhotos } from "./claim-photos";
import { ClaimStatusBadge } from "./claim-status";

const CARD = "rounded-lg border border-slate-200 bg-white p-4 shadow-xs sm:p-5";
const ACTION =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
const LINK =
  "rounded text-blue-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/**
 * The order page's defect claims (docs/product-decisions.md, "Returns and warranty"): within the
 * window after delivery each line under warranty offers "Reportar un defecto"; after it, why it is
 * no longer possible; and every claim made with its state. Nothing before delivery unless a claim exists.
 */
export function OrderClaimsSection({ claims }: { claims: OrderClaimsView }) {
  const t = useT();
  const href = useLocalePath();
  if (!claims.delivered && claims.claims.length === 0) return null;
  const hours = DEFECT_REPORT_HOURS;
  const formHref = (line: number) =>
    `${href(`/orders/${encodeURIComponent(claims.transactionId)}/claim`)}?line=${line}`;
  return (
    <section aria-labelledby="order-claims" className={CARD}>
      <h3 id="order-claims" className="text-lg font-semibold text-slate-900">
        {t("claims.section.title")}
      </h3>
      {claims.delivered && claims.windowOpen ? (
        <>
          <p className="mt-1 text-sm text-slate-700">{t("claims.section.intro", { hours })}</p>
          {claims.windowEnds && (
            <p className="mt-1 text-sm text-slate-700">{t("claims.section.until", { date: claims.windowEnds })}</p>
          )}
          <ul className="mt-2 divide-y divide-slate-200">
            {claims.lines.map((line) => (
              <li key={line.line} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{line.name}</span>
                {line.canClaim ? (
                  <Link
                    to={formHref(line.line)}
                    className={ACTION}
                    aria-label={t("claims.section.reportLine", { name: line.name })}
                  >
                    {t("claims.section.report")}
                  </Link>
                ) : (
                  <span className="text-sm text-slate-700">
                    {line.claimed ? t("claims.section.claimed") : t("claims.section.noWarranty")}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : claims.delivered ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="claims-closed">
          {t("claims.section.closed", { hours, date: claims.windowEnds ?? "" })}
        </p>
      ) : null}
      {claims.claims.length > 0 && (
        <>
          <h4 className="mt-4 font-semibold text-slate-900">{t("claims.section.listTitle")}</h4>
          <ul className="mt-2 grid gap-3">
            {claims.claims.map((claim) => (
              <ClaimItem key={claim.id} claim={claim} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ClaimItem({ claim }: { claim: ClaimItemView }) {
  const t = useT();
  const href = useLocalePath();
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{claim.productName}</p>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <p className="text-sm text-slate-700">
        <time dateTime={claim.iso}>{claim.date}</time>
      </p>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">{claim.description}</p>
      {claim.photos.length > 0 && <ClaimPhotos claim={claim} />}
      {claim.note && (
        <p className="mt-1 text-sm text-slate-800 [overflow-wrap:anywhere]">
          {t("claims.section.note", { note: claim.note })}
        </p>
      )}
      {claim.replacementId && (
        <p className="mt-1 text-sm">
          <Link to={`${href("/orders")}?order=${encodeURIComponent(claim.replacementId)}`} className={LINK}>
            {t("claims.section.replacement", { id: claim.replacementId })}
          </Link>
        </p>
      )}
    </li>
  );
}
