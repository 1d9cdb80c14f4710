import { createContext } from "react-router";
import type { Db } from "~/db/client.server";

/** What every loader and action receives from the server (STYLE.md: per-request things travel in the router context). */
export type AppContext = {
  db: Db;
  publicUrl: string;
  /** Whether Google sign-in is configured (the button is hidden otherwise). */
  googleEnabled: boolean;
};

export const appContext = createContext<AppContext>();
