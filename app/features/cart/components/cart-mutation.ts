import { useEffect, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import type { TFunction, TranslationKey } from "~/i18n/i18n";

/**
 * What the cart and wishlist actions answer a fetcher (the web app's own routes, not the REST API
 * of §7.2): a translation key for the message, its values, and what changed.
 */
export type CartMutationData =
  | { ok: true; message: string | null; values?: Record<string, string | number>; inWishlist?: boolean }
  | { ok: false; error: string; values?: Record<string, string | number> };

export type MutationStatus = "idle" | "loading" | "done" | "error";

/**
 * The state of a button that runs a fetcher (§4.3, §4.4): loading while it runs, then 'done' or
 * 'error' for `ms` (2 s on catalogue cards, 3 s on the product page and the wishlist, §9), then idle.
 */
export function useMutationStatus(
  fetcher: Pick<FetcherWithComponents<CartMutationData | undefined>, "state" | "data">,
  ms: number,
): { status: MutationStatus; result: CartMutationData | null } {
  const [shown, setShown] = useState<CartMutationData | null>(null);
  const { state, data } = fetcher;
  useEffect(() => {
    if (state !== "idle" || !data) return;
    setShown(data);
    const timer = window.setTimeout(() => setShown(null), ms);
    return () => window.clearTimeout(timer);
  }, [state, data, ms]);
  if (state !== "idle") return { status: "loading", result: null };
  if (!shown) return { status: "idle", result: null };
  return { status: shown.ok ? "done" : "error", result: shown };
}

/**
 * Calls `onDone` with a fetcher's successful answer (one that carries a message) while the page
 * data is read again after it: the component that posted is still mounted then, even when the new
 * data removes it (a removed cart line or wishlist item), so its page can say what happened.
 */
export function useOnSettled(
  fetcher: Pick<FetcherWithComponents<CartMutationData | undefined>, "state" | "data">,
  onDone: ((result: CartMutationData) => void) | undefined,
): void {
  const settled = fetcher.state === "loading" ? fetcher.data : undefined;
  useEffect(() => {
    if (settled?.ok && settled.message) onDone?.(settled);
  }, [settled, onDone]);
}

/** The path and query of the page a form is on, for the actions' `redirectTo` (no JavaScript, decision “Signed-out visitors go to login at once”). */
export function currentPath(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}

/** The message of an action's answer, translated (an unknown key shows as written, §8). */
export function resultMessage(t: TFunction, result: CartMutationData, fallback: TranslationKey): string {
  const key = result.ok ? (result.message ?? fallback) : result.error;
  return t(key as TranslationKey, result.values);
}
