import { createContext } from "react-router";
import type { Db } from "~/db/client.server";
import type { User } from "~/features/accounts/accounts.server";
import type { Env } from "~/utils/env.server";

/** What every loader and action receives from the server (docs/style.md: per-request things travel in the router context). */
export type AppContext = {
  db: Db;
  env: Env;
  publicUrl: string;
  /** Whether Google sign-in is configured (the button is hidden otherwise). */
  googleEnabled: boolean;
  /** The signed-in shopper (decision “Tokens in cookies” session cookies, resolved by server/session.ts), or null. */
  user: User | null;
  /**
   * A staff member's second factor on this request (decision 017): whether the sign-in session
   * (`sid`) has passed it, and the enrol or verify page to send it to otherwise. Absent for
   * everyone else; requireStaff refuses a staff member without a "verified" one.
   */
  secondFactor?: SecondFactor;
  /** The client's address, for rate limits. */
  clientIp: string;
  /** This request's Content-Security-Policy nonce for inline scripts; none in tests. */
  nonce?: string;
  /** Marked by the page render when it failed after the shell, so the page cache keeps no copy. */
  pageRender?: { failed: boolean };
  /**
   * Set when this render is a signed-in page template (server/signed-in-pages.ts): the root loader
   * shows this header (a placeholder name, the role, the cart count) and `user` is null for every
   * other loader, so nothing of one shopper is in a page that other shoppers' pages are made from.
   */
  pageTemplate?: PageTemplate;
};

export type SecondFactor = { state: "verified" | "enrol" | "verify"; sid: string; redirectTo: string };

/** The header facts of a signed-in page template: everything else on those pages is the same for everyone. */
export type PageTemplate = { name: string; isOperator: boolean; cartCount: number };

export const appContext = createContext<AppContext>();
