/**
 * Registers the service worker once the page has loaded, so it never competes
 * with the page's own requests. A built module (CSP: no inline script) of a few lines; the worker
 * itself (`/sw.js`, app/features/offline/sw.ts) is a separate file the page never bundles. Not in
 * development, where Vite serves the app and there is no `/sw.js`.
 */
export function registerServiceWorker() {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
      console.warn("Service worker not registered", error);
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
