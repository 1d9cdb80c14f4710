/**
 * Defect claims, the shopper's side (docs/product-decisions.md, "Returns and warranty"): on a
 * delivered order, within DEFECT_REPORT_HOURS of its delivered status, each line under warranty
 * may be reported once at a time, with a description and up to MAX_CLAIM_PHOTOS photos (stored
 * like other media: one WebP and its small widths). A claim belongs to the order's owner only:
 * another shopper's order is not found, as an unknown one is. The operator's side is in
 * decide.server.ts.
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type ClaimStatus, defectClaims } from "~/db/schema/claims";
import { warrantiedProductIds } from "~/features/catalog/warranty.server";
import type { MediaStore } from "~/features/media/store.server";
import { storeUploadedImage } from "~/features/media/upload.server";
import { loadDetails } from "~/features/orders/details.server";
import { ownOrderRow } from "~/features/orders/orders.server";
import { transactionIdsOf } from "~/features/orders/replacement.server";
import type { OrderDetail } from "~/features/orders/types";
import { hitRateLimit } from "~/features/rate-limit/rate-limit.server";
import type { Language } from "~/i18n/languages";
import { MAX_CLAIM_PHOTOS, MAX_CLAIM_PHOTO_BYTES } from "./limits";
import { claimWindowEnd, isClaimWindowOpen } from "./rules";
import type { ClaimFormInput } from "./schemas";

/** Claims a shopper may open per hour (photos are stored for each): like other shopper posts. */
export const CLAIM_RATE_LIMIT = { perUser: 10, windowSeconds: 3600 } as const;

export type ClaimRow = typeof defectClaims.$inferSelect;

/** A claim as the shopper's order page, the API and the back office show it. */
export type ClaimView = {
  id: number;
  line: number;
  productId: number | null;
  productName: string;
  variety: string;
  color: string;
  count: number;
  description: string;
  photos: string[];
  status: ClaimStatus;
  note: string;
  /** The zero-cost replacement order an approval made. */
  replacementTransactionId: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

/** An order line and whether it may be claimed now. */
export type ClaimableLine = {
  line: number;
  name: string;
  variety: string;
  color: string;
  count: number;
  warranty: boolean;
  /** A pending or approved claim of this line, if any. */
  openClaimId: number | null;
  canClaim: boolean;
};

/** The claims part of one of the shopper's orders. */
export type OrderClaims = {
  transactionId: string;
  delivered: boolean;
  deliveredAt: Date | null;
  windowEndsAt: Date | null;
  windowOpen: boolean;
  lines: ClaimableLine[];
  claims: ClaimView[];
};

export function toClaimView(row: ClaimRow, replacementIds: Map<number, string>): ClaimView {
  return {
    id: row.id,
    line: row.lineIndex,
    productId: row.productId,
    productName: row.productName,
    variety: row.variety,
    color: row.color,
    count: row.count,
    description: row.description,
    photos: row.photos ?? [],
    status: row.status,
    note: row.note,
    replacementTransactionId: row.replacementOrderId ? (replacementIds.get(row.replacementOrderId) ?? null) : null,
    createdAt: new Date(row.createdAt),
    decidedAt: row.decidedAt ? new Date(row.decidedAt) : null,
  };
}

/** Views of `rows`, with their replacement orders' ids read in one query. */
export async function claimViews(db: Db, rows: ClaimRow[]): Promise<ClaimView[]> {
  const ids = await transactionIdsOf(
    db,
    rows.flatMap((row) => (row.replacementOrderId ? [row.replacementOrderId] : [])),
  );
  return rows.map((row) => toClaimView(row, ids));
}

/** When the order was delivered: its last move to `delivered`, or null. */
export function deliveredAt(order: Pick<OrderDetail, "status" | "history">): Date | null {
  if (order.status !== "delivered") return null;
  const entry = order.history.findLast((h) => h.status === "delivered");
  return entry ? new Date(entry.date) : null;
}

/** The shopper's order (row and detail) by transaction id, or null (unknown or another's). */
async function ownOrder(db: Db, userId: number, transactionId: string) {
  const row = await ownOrderRow(db, userId, transactionId);
  if (!row) return null;
  const [detail] = await loadDetails(db, [row]);
  return { id: row.id, detail };
}

/** An order's claims, oldest first. */
function claimsOfOrder(db: Db, orderId: number): Promise<ClaimRow[]> {
  return db
    .select()
    .from(defectClaims)
    .where(eq(defectClaims.orderId, orderId))
    .orderBy(asc(defectClaims.createdAt), asc(defectClaims.id));
}

/**
 * The claims part of one of the shopper's orders at `now`: each line, whether it is under warranty
 * and may be claimed, the window, and the claims made. Null for another's or an unknown order.
 */
export async function getOrderClaims(
  db: Db,
  userId: number,
  transactionId: string,
  now: Date = new Date(),
): Promise<OrderClaims | null> {
  const order = await ownOrder(db, userId, transactionId);
  if (!order) return null;
  const { detail } = order;
  const [rows, warrantied] = await Promise.all([
    claimsOfOrder(db, order.id),
    warrantiedProductIds(
      db,
      detail.items.flatMap((item) => (item.productId === null ? [] : [item.productId])),
    ),
  ]);
  const claims = await claimViews(db, rows);
  const delivered = deliveredAt(detail);
  const windowOpen = isClaimWindowOpen(delivered, now);
  const lines = detail.items.map((item, line): ClaimableLine => {
    const open = claims.find((claim) => claim.line === line && claim.status !== "rejected");
    const warranty = item.productId !== null && warrantied.has(item.productId);
    return {
      line,
      name: item.name,
      variety: item.variety,
      color: item.color,
      count: item.count,
      warranty,
      openClaimId: open?.id ?? null,
      canClaim: windowOpen && warranty && !open,
    };
  });
  return {
    transactionId: detail.transactionId,
    delivered: detail.status === "delivered",
    deliveredAt: delivered,
    windowEndsAt: delivered ? claimWindowEnd(delivered) : null,
    windowOpen,
    lines,
    claims,
  };
}

export type ClaimErrorKey =
  | "claims.errors.notFound"
  | "claims.errors.rateLimited"
  | "claims.errors.tooManyPhotos"
  | "claims.errors.photoTooLarge"
  | "claims.errors.photoNotImage"
  | "claims.errors.notDelivered"
  | "claims.errors.windowClosed"
  | "claims.errors.line"
  | "claims.errors.noWarranty"
  | "claims.errors.alreadyClaimed";

export type CreateClaimResult =
  | { ok: true; claim: ClaimView }
  | {
      ok: false;
      status: 400 | 404 | 409 | 429;
      error: ClaimErrorKey;
      /** The form field the error belongs beside. */
      field?: "line" | "description" | "photos";
      retryAfterSeconds?: number;
    };

type Refusal = Extract<CreateClaimResult, { ok: false }>;
const refuse = (status: Refusal["status"], error: ClaimErrorKey, field?: Refusal["field"]): Refusal => ({
  ok: false,
  status,
  error,
  ...(field ? { field } : {}),
});

/** Why a line may not be claimed now, or null when it may. */
function lineRefusal(claims: OrderClaims, line: number): Refusal | null {
  if (!claims.delivered) return refuse(409, "claims.errors.notDelivered");
  if (!claims.windowOpen) return refuse(409, "claims.errors.windowClosed");
  const found = claims.lines[line];
  if (!found) return refuse(400, "claims.errors.line", "line");
  if (!found.warranty) return refuse(409, "claims.errors.noWarranty", "line");
  if (found.openClaimId !== null) return refuse(409, "claims.errors.alreadyClaimed", "line");
  return null;
}

/** Whether the database refused a second pending claim of one line (its partial unique index). */
function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return [code, cause?.code].includes("23505");
}

/**
 * Opens a claim of `input.line` of the shopper's order `transactionId` with `photos` (files picked;
 * empty ones already left out). Every rule is checked before a photo is stored; a photo that is
 * too large or not an image refuses the claim.
 */
export async function createClaim(
  deps: { db: Db; media: MediaStore },
  userId: number,
  transactionId: string,
  input: ClaimFormInput,
  photos: Blob[],
  opts: { lang: Language; now?: Date },
): Promise<CreateClaimResult> {
  const { db } = deps;
  const now = opts.now ?? new Date();
  const order = await ownOrder(db, userId, transactionId);
  if (!order) return refuse(404, "claims.errors.notFound");
  if (photos.length > MAX_CLAIM_PHOTOS) return refuse(400, "claims.errors.tooManyPhotos", "photos");
  if (photos.some((photo) => photo.size > MAX_CLAIM_PHOTO_BYTES)) {
    return refuse(400, "claims.errors.photoTooLarge", "photos");
  }
  const state = await getOrderClaims(db, userId, transactionId, now);
  if (!state) return refuse(404, "claims.errors.notFound");
  const refusal = lineRefusal(state, input.line);
  if (refusal) return refusal;
  const limited = await hitRateLimit(db, [`claim:user:${userId}`], {
    limit: CLAIM_RATE_LIMIT.perUser,
    windowSeconds: CLAIM_RATE_LIMIT.windowSeconds,
    now,
  });
  if (!limited.ok) return { ...refuse(429, "claims.errors.rateLimited"), retryAfterSeconds: limited.retryAfterSeconds };

  const urls: string[] = [];
  for (const photo of photos) {
    const stored = await storeUploadedImage(deps.media, "claims", photo);
    if (!stored.ok) {
      return refuse(
        400,
        stored.error === "tooLarge" ? "claims.errors.photoTooLarge" : "claims.errors.photoNotImage",
        "photos",
      );
    }
    urls.push(stored.url);
  }
  const item = order.detail.items[input.line];
  try {
    const [row] = await db
      .insert(defectClaims)
      .values({
        orderId: order.id,
        userId,
        lineIndex: input.line,
        productId: item.productId,
        productName: item.name,
        variety: item.variety,
        color: item.color,
        count: item.count,
        description: input.description,
        photos: urls,
        lang: opts.lang,
        createdAt: now,
      })
      .returning();
    return { ok: true, claim: toClaimView(row, new Map()) };
  } catch (error) {
    // A second claim of the line sent at the same moment: the first stands (the photos are
    // orphans the media pruning removes).
    if (isUniqueViolation(error)) return refuse(409, "claims.errors.alreadyClaimed", "line");
    throw error;
  }
}

/** Every claim photo's URL: media the pruning must keep. */
export async function getClaimImageUrls(db: Db): Promise<string[]> {
  const rows = await db.select({ photos: defectClaims.photos }).from(defectClaims);
  return rows.flatMap((row) => row.photos ?? []);
}
