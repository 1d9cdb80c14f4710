import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/**
 * decision “Guest cart” / §4.3 guest cart: a cart kept in this browser's localStorage under `cart` (an array of
 * `{ product_id | id, count, color, variety }`, the old client's format) is sent with the sign-in
 * form and merged into the account's cart; the local copy is removed once sign-in succeeded.
 */
export const GUEST_CART_KEY = "cart";
export const GUEST_CART_FIELD = "guest_cart";
/** A guest cart larger than this is not a real one. */
const MAX_CHARS = 20_000;
const MAX_LINES = 100;

export type GuestCartLine = { productId: number; count: number; color: string | null; variety: string | null };

/** The lines of a posted guest cart; anything malformed is dropped (the server re-checks the rest). */
export function parseGuestCart(raw: FormDataEntryValue | null): GuestCartLine[] {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_CHARS) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const text = (value: unknown) => (typeof value === "string" && value.length <= 100 ? value : null);
  return parsed.slice(0, MAX_LINES).flatMap((item: unknown) => {
    if (!item || typeof item !== "object") return [];
    const line = item as Record<string, unknown>;
    const productId = Number(line.product_id ?? line.id);
    const count = Number(line.count ?? 1);
    if (!Number.isSafeInteger(productId) || productId <= 0 || !Number.isFinite(count)) return [];
    return [{ productId, count: Math.max(1, Math.floor(count)), color: text(line.color), variety: text(line.variety) }];
  });
}

function readGuestCart(): string {
  try {
    const raw = window.localStorage.getItem(GUEST_CART_KEY);
    return raw && raw.length <= MAX_CHARS ? raw : "";
  } catch {
    return "";
  }
}

/** The hidden field of the sign-in form, filled from localStorage once the page runs. */
export function GuestCartField() {
  const [value, setValue] = useState("");
  useEffect(() => setValue(readGuestCart()), []);
  return value ? <input type="hidden" name={GUEST_CART_FIELD} value={value} /> : null;
}

/**
 * Removes the local copy once sign-in has succeeded: the action's redirect shows as a navigation
 * that carries the submitted form and leaves the login page (a refusal stays on it).
 */
export function useForgetGuestCart() {
  const navigation = useNavigation();
  const leaving =
    navigation.state === "loading" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    Boolean(navigation.formData?.get(GUEST_CART_FIELD)) &&
    !/\/login\/?$/.test(navigation.location.pathname);
  useEffect(() => {
    if (!leaving) return;
    try {
      window.localStorage.removeItem(GUEST_CART_KEY);
    } catch {
      // Storage refused (private mode): nothing to remove.
    }
  }, [leaving]);
}
