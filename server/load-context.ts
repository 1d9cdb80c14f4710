import { RouterContextProvider } from "react-router";
import { appContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { Env } from "~/utils/env.server";
import type { PageCacheVariables } from "./page-cache/middleware";
import type { SessionVariables } from "./session";

/**
 * What loaders and actions get from the server's middleware (app/context.ts). A signed-in page
 * template is rendered for no one (server/signed-in-pages.ts): its loaders see no user.
 */
export function routerContext(
  deps: { db: Db; env: Env },
  vars: Partial<SessionVariables & PageCacheVariables>,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, {
    db: deps.db,
    env: deps.env,
    publicUrl: deps.env.PUBLIC_URL,
    googleEnabled: Boolean(deps.env.GOOGLE_CLIENT_ID),
    user: vars.pageTemplate ? null : (vars.user ?? null),
    secondFactor: vars.pageTemplate ? undefined : vars.secondFactor,
    clientIp: vars.clientIp ?? "unknown",
    nonce: vars.secureHeadersNonce,
    pageRender: vars.pageRender,
    pageTemplate: vars.pageTemplate,
  });
  return context;
}
