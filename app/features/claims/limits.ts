/**
 * The limits of a defect claim (docs/features.md, "Defect claims"): how many photos, how large, how long a
 * description or a decision's note. Browser-safe: the forms, the API and the server read them here.
 */

/** At most this many photos per claim. */
export const MAX_CLAIM_PHOTOS = 3;
/** A photo of a claim may weigh this much at most (a phone photo; stored as a small WebP). */
export const MAX_CLAIM_PHOTO_BYTES = 8 * 1024 * 1024;
export const CLAIM_DESCRIPTION_MIN = 10;
export const CLAIM_DESCRIPTION_MAX = 1000;
/** An operator's note on a decision; a rejection needs one. */
export const CLAIM_NOTE_MAX = 500;
