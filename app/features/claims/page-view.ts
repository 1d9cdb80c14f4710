/**
 * The claims part of the shopper's order page and the back office, as plain data written in the
 * visitor's language on the server (dates in Havana's time). Browser-safe: types and the builder.
 */
import type { ClaimStatus } from "~/db/schema/claims";
import type { ClaimView } from "./claims.server";
import { formatOrderDate } from "~/features/orders/format";
import type { Language } from "~/i18n/languages";

export type ClaimItemView = {
  id: number;
  line: number;
  productName: string;
  variety: string;
  color: string;
  count: number;
  description: string;
  photos: string[];
  status: ClaimStatus;
  note: string;
  replacementId: string | null;
  date: string;
  iso: string;
};

export type OrderClaimsView = {
  transactionId: string;
  delivered: boolean;
  windowOpen: boolean;
  /** When the window ends (or ended), written out; null before delivery. */
  windowEnds: string | null;
  lines: Array<{ line: number; name: string; warranty: boolean; canClaim: boolean; claimed: boolean }>;
  claims: ClaimItemView[];
};

/** What the page shows of a claim (the fields of ClaimView it reads). */
type ClaimLike = Omit<ClaimView, "productId" | "decidedAt">;

export function claimItemView(claim: ClaimLike, lang: Language): ClaimItemView {
  return {
    id: claim.id,
    line: claim.line,
    productName: claim.productName,
    variety: claim.variety,
    color: claim.color,
    count: claim.count,
    description: claim.description,
    photos: claim.photos,
    status: claim.status,
    note: claim.note,
    replacementId: claim.replacementTransactionId,
    date: formatOrderDate(claim.createdAt, lang),
    iso: claim.createdAt.toISOString(),
  };
}

export function orderClaimsView(
  state: {
    transactionId: string;
    delivered: boolean;
    windowOpen: boolean;
    windowEndsAt: Date | null;
    lines: Array<{ line: number; name: string; warranty: boolean; canClaim: boolean; openClaimId: number | null }>;
    claims: ClaimLike[];
  },
  lang: Language,
): OrderClaimsView {
  return {
    transactionId: state.transactionId,
    delivered: state.delivered,
    windowOpen: state.windowOpen,
    windowEnds: state.windowEndsAt ? formatOrderDate(state.windowEndsAt, lang) : null,
    lines: state.lines.map((line) => ({
      line: line.line,
      name: line.name,
      warranty: line.warranty,
      canClaim: line.canClaim,
      claimed: line.openClaimId !== null,
    })),
    claims: state.claims.map((claim) => claimItemView(claim, lang)),
  };
}
