/**
 * The pages of the emailed links (docs/features.md, "Back-in-stock alerts"), without sign-in: opening a link changes
 * nothing (mail scanners follow links); the button posts and confirms or unsubscribes.
 */
import type { Db } from "~/db/client.server";
import { getProductCardMap } from "~/features/catalog/product-cards.server";
import type { Language } from "~/i18n/languages";
import type { Env } from "~/utils/env.server";
import { type AlertLink, type AlertLinkPurpose, readAlertLink } from "./links.server";
import { confirmSubscription, unsubscribe } from "./subscriptions.server";

export type AlertLinkView =
  | { valid: false }
  | { valid: true; purpose: AlertLinkPurpose; email: string; productId: number; productName: string | null };

const isPurpose = (value: string | undefined): value is AlertLinkPurpose =>
  value === "confirm" || value === "unsubscribe";

/** What the page shows of a link: its purpose, address and product, or that it is not valid. */
export async function viewAlertLink(
  deps: { db: Db; env: Env },
  lang: Language,
  purpose: string | undefined,
  url: URL,
): Promise<{ view: AlertLinkView; link: AlertLink | null }> {
  const link = isPurpose(purpose) ? readAlertLink(deps.env.SECRET_KEYS, purpose, url.searchParams) : null;
  if (!link) return { view: { valid: false }, link: null };
  const card = link.productId ? (await getProductCardMap(deps.db, [link.productId], lang)).get(link.productId) : null;
  return {
    view: { valid: true, ...link, productName: card?.display_name ?? null },
    link,
  };
}

/** Carries out a checked link: true when a subscription was confirmed or ended (or none was left to end). */
export async function followAlertLink(db: Db, link: AlertLink): Promise<boolean> {
  if (link.purpose === "confirm") return confirmSubscription(db, link.productId, link.email);
  await unsubscribe(db, link.productId || null, link.email);
  return true;
}
