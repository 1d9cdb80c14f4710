/**
 * The emailed links of back-in-stock alerts (docs/features.md, "Back-in-stock alerts"): confirm a signed-out subscription
 * (double opt-in) and unsubscribe, both working without sign-in. Each carries the address and the
 * product and an HMAC over them with the signing secret (any listed secret verifies, for rotation);
 * product 0 in an unsubscribe link means every alert of the address.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { type Secrets, secretList } from "~/features/accounts/tokens.server";
import type { Language } from "~/i18n/languages";
import { localePath } from "~/i18n/links";
import type { Env } from "~/utils/env.server";

export type AlertLinkPurpose = "confirm" | "unsubscribe";

/** What a checked link names: the product (0: all) and the address. */
export type AlertLink = { purpose: AlertLinkPurpose; productId: number; email: string };

const mac = (secret: string, link: AlertLink) =>
  createHmac("sha256", `stock-alert:${secret}`)
    .update([link.purpose, link.productId, link.email.toLowerCase()].join("|"))
    .digest("base64url")
    .slice(0, 32);

/** The token of `link`, signed with the first secret. */
export const alertToken = (secrets: Secrets, link: AlertLink) => mac(secretList(secrets)[0], link);

/** The emailed URL of `link`, on the page in `lang`. */
export function alertLinkUrl(env: Pick<Env, "PUBLIC_URL" | "SECRET_KEYS">, lang: Language, link: AlertLink): string {
  const query = new URLSearchParams({
    p: String(link.productId),
    e: Buffer.from(link.email.toLowerCase()).toString("base64url"),
    t: alertToken(env.SECRET_KEYS, link),
  });
  return `${env.PUBLIC_URL}${localePath(lang, `/stock-alerts/${link.purpose}`)}?${query}`;
}

/** The link a page was opened with, when its signature holds; null for anything else. */
export function readAlertLink(secrets: Secrets, purpose: AlertLinkPurpose, query: URLSearchParams): AlertLink | null {
  const p = query.get("p") ?? "";
  const e = query.get("e") ?? "";
  const t = query.get("t") ?? "";
  if (!/^\d{1,9}$/.test(p) || !/^[A-Za-z0-9_-]{1,400}$/.test(e) || !/^[A-Za-z0-9_-]{32}$/.test(t)) return null;
  const link = { purpose, productId: Number(p), email: Buffer.from(e, "base64url").toString("utf8") };
  if (!link.email.includes("@") || (purpose === "confirm" && link.productId === 0)) return null;
  const given = Buffer.from(t);
  const valid = secretList(secrets).some((secret) => {
    const expected = Buffer.from(mac(secret, link));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? link : null;
}
