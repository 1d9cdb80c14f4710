import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { registerServiceWorker } from "./features/offline/register-sw";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The server-rendered page is complete and its forms work without JavaScript, so let the browser
// paint it first: when the scripts are already cached (a repeat visit on a slow phone), hydrating
// at once would hold the first paint back by the whole hydration time. requestAnimationFrame runs
// just before the next paint and the timeout just after it.
requestAnimationFrame(() => setTimeout(hydrate, 0));
// The offline catalogue's service worker, registered after the page has loaded.
registerServiceWorker();
