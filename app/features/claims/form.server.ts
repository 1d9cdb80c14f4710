/**
 * The shopper's claim page (docs/features.md, "Defect claims"): what it shows for a line, and its posted form read,
 * checked and stored. The page route stays a thin adapter over these.
 */
import type { Db } from "~/db/client.server";
import { formatOrderDate } from "~/features/orders/format";
import type { MediaStore } from "~/features/media/store.server";
import { isPickedFile } from "~/features/media/upload.server";
import type { Language } from "~/i18n/languages";
import { parseRowId } from "~/utils/ids";
import { type ClaimErrorKey, createClaim, getOrderClaims } from "./claims.server";
import { ClaimFormSchema } from "./schemas";

export type ClaimPageState =
  | { found: false }
  | {
      found: true;
      transactionId: string;
      line: number;
      name: string;
      canClaim: boolean;
      /** Why the line may not be claimed now (shown instead of the form). */
      reason: ClaimErrorKey | null;
      windowEnds: string | null;
    };

/** What the claim page shows for `line` (a query value) of the shopper's order. */
export async function claimPageState(
  db: Db,
  userId: number,
  transactionId: string,
  lineParam: string | null,
  lang: Language,
  now: Date = new Date(),
): Promise<ClaimPageState> {
  const state = await getOrderClaims(db, userId, transactionId, now);
  if (!state) return { found: false };
  const parsed = lineParam === "0" ? 0 : parseRowId(lineParam);
  const line = parsed === null ? -1 : parsed;
  const found = state.lines[line];
  const reason: ClaimErrorKey | null = !state.delivered
    ? "claims.errors.notDelivered"
    : !state.windowOpen
      ? "claims.errors.windowClosed"
      : !found
        ? "claims.errors.line"
        : !found.warranty
          ? "claims.errors.noWarranty"
          : found.openClaimId !== null
            ? "claims.errors.alreadyClaimed"
            : null;
  return {
    found: true,
    transactionId: state.transactionId,
    line: found ? line : 0,
    name: found?.name ?? "",
    canClaim: reason === null,
    reason,
    windowEnds: state.windowEndsAt ? formatOrderDate(state.windowEndsAt, lang) : null,
  };
}

export type ClaimFormResult =
  | { ok: true }
  | {
      ok: false;
      status: number;
      /** Field name to message key, beside the field. */
      errors: Record<string, string>;
      /** A message about the whole form. */
      formError?: string;
      description: string;
    };

/** Reads, checks and stores the posted claim form. */
export async function submitClaimForm(
  deps: { db: Db; media: MediaStore },
  userId: number,
  transactionId: string,
  form: FormData,
  opts: { lang: Language; now?: Date },
): Promise<ClaimFormResult> {
  const rawDescription = form.get("description");
  const description = typeof rawDescription === "string" ? rawDescription.slice(0, 2000) : "";
  const parsed = ClaimFormSchema.safeParse({ line: form.get("line") ?? undefined, description });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "line")] ??= issue.message;
    return { ok: false, status: 400, errors, description };
  }
  const photos = form.getAll("photos").filter(isPickedFile);
  const result = await createClaim(deps, userId, transactionId, parsed.data, photos, opts);
  if (result.ok) return { ok: true };
  if (result.field) return { ok: false, status: result.status, errors: { [result.field]: result.error }, description };
  return { ok: false, status: result.status, errors: {}, formError: result.error, description };
}
