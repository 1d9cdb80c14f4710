import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true once React runs in the browser. Controls that
 * need JavaScript (steppers, arrow-key tabs, a select that submits on change) render their
 * no-JavaScript form until then, so the page works before and without the bundle.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
