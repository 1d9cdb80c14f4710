/**
 * What the authenticated REST API tests share (spec §7.2-§7.5): a request helper that sends a JWT
 * and a JSON (or raw) body, and a fresh active account with its access token. Test-only module.
 */
import type { Hono } from "hono";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { type User, issueTokens } from "~/features/accounts/accounts.server";
import type { Env } from "~/utils/env.server";

export type ApiRequestOptions = { token?: string; body?: unknown; contentType?: string };

/** `request(method, path, { token, body, contentType })` against the app `getApp()` returns. */
export function apiRequester(getApp: () => Hono) {
  return (method: string, path: string, opts: ApiRequestOptions = {}) => {
    const headers = new Headers();
    if (opts.token) headers.set("authorization", `JWT ${opts.token}`);
    if (opts.body !== undefined) headers.set("content-type", opts.contentType ?? "application/json");
    const body =
      opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    return getApp().request(new Request(`http://localhost${path}`, { method, headers, body }));
  };
}

let serial = 0;

/** A new active account (`{prefix}{n}@example.cu`) and an access token for it. */
export async function signedInUser(
  deps: { db: Db; env: Env },
  prefix: string,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<{ user: User; access: string }> {
  serial++;
  const [user] = await deps.db
    .insert(users)
    .values({ email: `${prefix}${serial}@example.cu`, username: `${prefix}${serial}`, isActive: true, ...values })
    .returning();
  const { access } = await issueTokens(deps, user);
  return { user, access };
}
