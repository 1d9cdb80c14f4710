/**
 * The window of defect claims (docs/product-decisions.md, "Returns and warranty"): a claim may be
 * made up to DEFECT_REPORT_HOURS after the order's delivered status, the store's policy figure
 * (content/policy.ts). Browser-safe.
 */
import { DEFECT_REPORT_HOURS } from "~/features/content/policy";

const HOUR_MS = 60 * 60 * 1000;

/** When the window of an order delivered at `deliveredAt` closes. */
export function claimWindowEnd(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + DEFECT_REPORT_HOURS * HOUR_MS);
}

/** Whether a claim may still be made at `now`: up to and including the window's last instant. */
export function isClaimWindowOpen(deliveredAt: Date | null, now: Date): boolean {
  return deliveredAt !== null && now.getTime() <= claimWindowEnd(deliveredAt).getTime();
}
