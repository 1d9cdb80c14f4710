import { type RouterContextProvider, redirect } from "react-router";
import { appContext } from "~/context";
import { localePath, pageLanguage } from "~/i18n/links";
import type { User } from "./accounts.server";

/** `/{lang}/login?next=<path and query>` for the page a signed-out visitor asked for (decision “Signed-out visitors go to login at once”). */
export function loginRedirectPath(url: URL): string {
  const next = `${url.pathname}${url.search}`;
  return `${localePath(pageLanguage(url.pathname), "/login")}?next=${encodeURIComponent(next)}`;
}

/**
 * The signed-in user, or a redirect to the login page that comes back here afterwards (decision “Signed-out visitors go to login at once”: on the
 * server, at once, instead of the spec's 1-second client-side grace wait).
 */
export function requireUser(request: Request, context: Readonly<RouterContextProvider>): User {
  const { user } = context.get(appContext);
  if (user) return user;
  throw redirect(loginRedirectPath(new URL(request.url)));
}
