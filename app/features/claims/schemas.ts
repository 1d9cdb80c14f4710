/**
 * The forms of defect claims (docs/features.md, "Defect claims"): the shopper's report and the operator's decision.
 * Messages are translation keys (docs/style.md), translated where they are shown.
 */
import { z } from "zod";
import { textInput } from "~/utils/text";
import { CLAIM_DESCRIPTION_MAX, CLAIM_DESCRIPTION_MIN, CLAIM_NOTE_MAX } from "./limits";

export const ClaimFormSchema = z.object({
  /** The claimed line's position in the order (0-based). */
  line: z.coerce
    .number({ error: "claims.errors.line" })
    .int("claims.errors.line")
    .min(0, "claims.errors.line")
    .max(999, "claims.errors.line"),
  description: textInput({ error: "claims.errors.descriptionShort" })
    .trim()
    .min(CLAIM_DESCRIPTION_MIN, "claims.errors.descriptionShort")
    .max(CLAIM_DESCRIPTION_MAX, "claims.errors.descriptionLong"),
});
export type ClaimFormInput = z.infer<typeof ClaimFormSchema>;

export const ClaimDecisionSchema = z.object({
  decision: z.enum(["approve", "reject"], { error: "claims.errors.decision" }),
  note: textInput().trim().max(CLAIM_NOTE_MAX, "claims.errors.noteLong").default(""),
});
export type ClaimDecision = z.infer<typeof ClaimDecisionSchema>;
