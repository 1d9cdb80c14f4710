import { createContext, useContext, useState } from "react";
import { useLocation } from "react-router";

/**
 * The id of the request that rendered the page (server/request-id.ts), which the error page shows
 * as a reference code to quote. entry.server.tsx provides it; it is in no
 * loader's data, so cached pages and ordinary pages never carry it.
 */
export const RequestIdContext = createContext<string | undefined>(undefined);

/** The attribute that carries the code in the server's HTML (status-pages.tsx), read back while hydrating. */
const REQUEST_ID_ATTRIBUTE = "data-request-id";

/**
 * The reference code for the error page being shown, or undefined when it is not known. The server
 * knows it; the browser reads it back from the server's HTML while hydrating, so both render the
 * same. After a client-side navigation the failing request was a data request whose id the browser
 * never sees: no code then, rather than the first page's.
 */
export function useRequestReference(): string | undefined {
  const fromServer = useContext(RequestIdContext);
  const [reference] = useState(() => fromServer ?? renderedReference());
  // React Router's first location has the key "default", on the server and while hydrating.
  return useLocation().key === "default" ? reference : undefined;
}

function renderedReference(): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.querySelector(`[${REQUEST_ID_ATTRIBUTE}]`)?.getAttribute(REQUEST_ID_ATTRIBUTE) ?? undefined;
}
