/**
 * Shareable cart (docs/features.md): a signed-in shopper's cart saved under an unguessable token
 * for 7 days, holding only products, counts, colours and varieties (no shopper, no name, no price).
 * Whoever opens the link sees those lines priced and stocked as they are now, and may add them all
 * to their own cart, each capped at the stock. The pages, the API and the scheduled prune call here.
 */
import { randomBytes } from "node:crypto";
import { eq, lte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type SharedCartLine, sharedCarts } from "~/db/schema/cart";
import { getProductCardMap } from "~/features/catalog/product-cards.server";
import type { ProductCardDto } from "~/features/catalog/types";
import type { Language } from "~/i18n/languages";
import { localePath } from "~/i18n/links";
import { STORE_TIME_ZONE } from "~/utils/dates";
import { mergeCartLine } from "./cart.server";
import { SHARE_DAYS } from "./components/shared-cart-view";
import { getCartLines } from "./cart-lines.server";
import { unitPriceCents } from "./wholesale";

const DAY_MS = 24 * 3600 * 1000;
/** An expired link still answers "expired" (410) this long, then it is deleted and is unknown (404). */
export const EXPIRED_KEPT_DAYS = 30;
/** A cart larger than this is shared up to this many lines. */
const MAX_LINES = 100;

/** 128 random bits in base64url: 22 characters of `A-Z a-z 0-9 - _`. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A new share token: 128 bits from the operating system's random source. */
export function newShareToken(): string {
  return randomBytes(16).toString("base64url");
}

/** Whether `value` has the shape of a share token (anything else is unknown without a query). */
export function isShareToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}

export type ShareCartResult =
  | { ok: true; token: string; expiresAt: Date }
  | { ok: false; status: 400; error: "sharedCart.errors.empty" };

/** Saves the shopper's current lines under a new token, valid `SHARE_DAYS` days from `now`. */
export async function shareCart(db: Db, userId: number, now: Date = new Date()): Promise<ShareCartResult> {
  // In Spanish: a line's colour is then the product's own (Spanish) colour name, as the cart keeps it.
  const cart = await getCartLines(db, userId, "es");
  if (cart.length === 0) return { ok: false, status: 400, error: "sharedCart.errors.empty" };
  const lines: SharedCartLine[] = cart
    .slice(0, MAX_LINES)
    .map((line) => ({ productId: line.product.id, count: line.count, color: line.color, variety: line.variety }));
  const token = newShareToken();
  const expiresAt = new Date(now.getTime() + SHARE_DAYS * DAY_MS);
  await db.insert(sharedCarts).values({ token, lines, createdAt: now, expiresAt });
  return { ok: true, token, expiresAt };
}

/** Whether a shared line can be added now, and how much of it. */
export type SharedLineState = "inStock" | "notEnoughStock" | "outOfStock" | "unavailable";

export type SharedLine = {
  productId: number;
  /** The count that was shared. */
  count: number;
  /** The count that can be added now: the shared count capped at the stock (0 when none). */
  available: number;
  state: SharedLineState;
  /** In the language asked for; empty when the product has none. */
  color: string;
  variety: string;
  /** The product as it is now; null when it is no longer on sale. */
  product: ProductCardDto | null;
  /** Today's unit price for the shared count (wholesale when it applies), and the line's total. */
  unitPriceCents: number;
  lineTotalCents: number;
};

export type SharedCartRead =
  | { state: "ok"; expiresAt: Date; lines: SharedLine[] }
  | { state: "expired"; expiresAt: Date }
  | { state: "unknown" };

type Stored = { state: "ok"; expiresAt: Date; lines: SharedCartLine[] } | Exclude<SharedCartRead, { state: "ok" }>;

/** The stored row of `token`: unknown for a malformed or absent token, expired from `expiresAt` on. */
async function readStored(db: Db, token: unknown, now: Date): Promise<Stored> {
  if (!isShareToken(token)) return { state: "unknown" };
  const [row] = await db
    .select({ lines: sharedCarts.lines, expiresAt: sharedCarts.expiresAt })
    .from(sharedCarts)
    .where(eq(sharedCarts.token, token))
    .limit(1);
  if (!row) return { state: "unknown" };
  if (now.getTime() >= row.expiresAt.getTime()) return { state: "expired", expiresAt: row.expiresAt };
  return { state: "ok", expiresAt: row.expiresAt, lines: row.lines };
}

const toCents = (usd: number) => Math.round(usd * 100);

/** The colour as the product names it in `lang` (lines keep the Spanish name). */
function colourIn(stored: string, spanish: ProductCardDto | undefined, local: ProductCardDto | undefined): string {
  const at = spanish?.colors_list.indexOf(stored) ?? -1;
  return at >= 0 && local ? (local.colors_list[at] ?? stored) : stored;
}

function stateOf(product: ProductCardDto | undefined, count: number): SharedLineState {
  if (!product) return "unavailable";
  if (product.quantity <= 0) return "outOfStock";
  return product.quantity < count ? "notEnoughStock" : "inStock";
}

/** The shared cart of `token` with today's prices and stock. */
export async function readSharedCart(
  db: Db,
  token: unknown,
  lang: Language,
  now: Date = new Date(),
): Promise<SharedCartRead> {
  const stored = await readStored(db, token, now);
  if (stored.state !== "ok") return stored;
  const ids = stored.lines.map((line) => line.productId);
  const cards = await getProductCardMap(db, ids, lang);
  const spanish = lang === "es" ? cards : await getProductCardMap(db, ids, "es");
  const lines = stored.lines.map((line): SharedLine => {
    const product = cards.get(line.productId);
    const state = stateOf(product, line.count);
    const unit = product
      ? unitPriceCents(
          {
            priceCents: toCents(product.price),
            wholesalePriceCents: product.wholesale_price === null ? null : toCents(product.wholesale_price),
          },
          line.count,
        )
      : 0;
    return {
      productId: line.productId,
      count: line.count,
      available: product ? Math.max(0, Math.min(line.count, product.quantity)) : 0,
      state,
      color: colourIn(line.color, spanish.get(line.productId), product),
      variety: line.variety,
      product: product ?? null,
      unitPriceCents: unit,
      lineTotalCents: unit * line.count,
    };
  });
  return { state: "ok", expiresAt: stored.expiresAt, lines };
}

/** What adding a shared line did: `added` units of the `count` shared; `state` says why fewer. */
export type AddedSharedLine = {
  productId: number;
  name: string;
  count: number;
  added: number;
  state: SharedLineState;
};

export type AddSharedResult =
  | { state: "ok"; lines: AddedSharedLine[] }
  | { state: "expired"; expiresAt: Date }
  | { state: "unknown" };

/**
 * Adds every line of the shared cart to `userId`'s cart: what is in stock, each capped at the stock
 * (a line already in the cart grows up to the stock, as the product page's add does). Lines out of
 * stock or no longer for sale are reported, not added.
 */
export async function addSharedCart(
  db: Db,
  userId: number,
  token: unknown,
  lang: Language,
  now: Date = new Date(),
): Promise<AddSharedResult> {
  const read = await readSharedCart(db, token, lang, now);
  if (read.state !== "ok") return read;
  const lines: AddedSharedLine[] = [];
  for (const line of read.lines) {
    const name = line.product ? line.product.display_name || line.product.name : "";
    const report = (added: number, state: SharedLineState) =>
      lines.push({ productId: line.productId, name, count: line.count, added, state });
    if (line.available <= 0) {
      report(0, line.state);
      continue;
    }
    // The cart takes a colour by its Spanish or English name.
    const result = await mergeCartLine(db, userId, {
      productId: line.productId,
      count: line.available,
      color: line.color || null,
      variety: line.variety || null,
    });
    if (!result.ok) {
      report(0, result.error === "cart.errors.outOfStock" ? "outOfStock" : "unavailable");
    } else if (result.value.capped) {
      // The shopper's cart already held some: it now holds all the stock.
      report(result.value.added, "notEnoughStock");
    } else {
      report(line.available, line.available < line.count ? "notEnoughStock" : "inStock");
    }
  }
  return { state: "ok", lines };
}

/** Deletes the links expired more than `EXPIRED_KEPT_DAYS` ago (the scheduled `prune_shared_carts`). */
export async function pruneSharedCarts(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - EXPIRED_KEPT_DAYS * DAY_MS);
  const deleted = await db
    .delete(sharedCarts)
    .where(lte(sharedCarts.expiresAt, before))
    .returning({ token: sharedCarts.token });
  return deleted.length;
}

/** The page of a shared cart, in `lang`. */
export function sharedCartPath(lang: Language, token: string): string {
  return localePath(lang, `/cart/shared/${token}`);
}

/** When a link stops working, as the store's calendar says it (Havana), in `lang`. */
export function expiryLabel(expiresAt: Date, lang: Language): string {
  return new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: STORE_TIME_ZONE,
  }).format(expiresAt);
}
