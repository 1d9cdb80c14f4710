/**
 * The rules of defect claims (issue 26 point 5; decision “Returns and warranty”): the window after
 * delivery, how many photos, how long a description. Browser-safe: the form and the server read
 * them here. The window's length is the store's policy figure (content/policy.ts).
 */
import { DEFECT_REPORT_HOURS } from "~/features/content/policy";

export { DEFECT_REPORT_HOURS };

/** At most this many photos per claim. */
export const MAX_CLAIM_PHOTOS = 3;
/** A photo of a claim may weigh this much at most (a phone photo; stored as a small WebP). */
export const MAX_CLAIM_PHOTO_BYTES = 8 * 1024 * 1024;
export const CLAIM_DESCRIPTION_MIN = 10;
export const CLAIM_DESCRIPTION_MAX = 1000;
/** An operator's note on a decision; a rejection needs one. */
export const CLAIM_NOTE_MAX = 500;

const HOUR_MS = 60 * 60 * 1000;

/** When the window of an order delivered at `deliveredAt` closes. */
export function claimWindowEnd(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + DEFECT_REPORT_HOURS * HOUR_MS);
}

/** Whether a claim may still be made at `now`: up to and including the window's last instant. */
export function isClaimWindowOpen(deliveredAt: Date | null, now: Date): boolean {
  return deliveredAt !== null && now.getTime() <= claimWindowEnd(deliveredAt).getTime();
}
