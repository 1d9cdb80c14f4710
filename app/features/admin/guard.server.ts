/**
 * The back office's door (decision “The back office”): every admin page, action and API call starts here, on
 * the server. A visitor or a customer learns nothing: pages answer the site's ordinary 404, the API
 * a 403. Cross-site posts are already refused for every route by the session middleware.
 */
import { data } from "react-router";
import type { RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "~/context";
import type { User } from "~/features/accounts/accounts.server";

export type Operator = User & { role: "operator" };

export function isOperator(user: User | null | undefined): user is Operator {
  return !!user && user.isActive && user.role === "operator";
}

/** For admin loaders and actions: the request's context with its operator, or a thrown 404. */
export function requireOperator(context: Readonly<RouterContextProvider>): AppContext & { user: Operator } {
  const app = context.get(appContext);
  if (!isOperator(app.user)) throw data(null, { status: 404 });
  return app as AppContext & { user: Operator };
}
