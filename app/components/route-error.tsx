import { isRouteErrorResponse } from "react-router";
import { isUnreadableForm } from "~/utils/forms";
import { ErrorPage, NotFoundPage } from "./status-pages";

/**
 * The error page of a route: 404s get the site's not-found page, an unreadable form its own message
 * anything else the friendly error page. The root exports it, and so do the
 * `:lang` layout and the unprefixed account pages: an error caught there leaves the root loader
 * running, so the page has its messages and language (React Router skips the loader of the route
 * whose boundary shows an action's error — at the root, the messages the error page reads).
 */
export function RouteErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && isUnreadableForm(error.data)) return <ErrorPage text={error.data.error} />;
  let details: string | undefined;
  if (import.meta.env.DEV) {
    details = error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error, null, 2);
  }
  return <ErrorPage details={details} />;
}
