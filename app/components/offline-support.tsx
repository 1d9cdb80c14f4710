import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "~/i18n/use-t";
import { FROM_CACHE_ATTRIBUTE } from "~/utils/offline-page";

/**
 * Reading the shop without a connection mounted once in the root layout:
 *
 * - a notice (`role="status"`) while the browser is offline or the page is a stored copy the
 *   service worker served (its prices may be out of date); it goes when the connection comes back;
 * - every form needs the server (add to cart, checkout, reviews, search, sign-in...): offline, one
 *   delegated `submit` listener stops the submission before React Router sees it and says so next
 *   to the form (`role="alert"`), and what the shopper typed stays in the fields;
 * - offline, a click on a link of the site loads the page as a whole document, which the service
 *   worker answers from its store or with the offline page, instead of a data request that fails.
 *
 * Nothing renders on the server but the empty live region, so the HTML is the same for everyone.
 */
export function OfflineSupport() {
  const t = useT();
  const location = useLocation();
  const [offline, setOffline] = useState(false);
  const fromCache = useRef<boolean | null>(null);
  const firstLocation = useRef(location.key);
  const message = t("offline.formNeedsConnection");

  useEffect(() => {
    fromCache.current ??= document.documentElement.hasAttribute(FROM_CACHE_ATTRIBUTE);
    // A client-side navigation that loaded means the network answered: the page is fresh now.
    if (location.key !== firstLocation.current) fromCache.current = false;
    setOffline(!navigator.onLine || fromCache.current);
  }, [location.key]);

  useEffect(() => {
    const goneOffline = () => setOffline(true);
    const backOnline = () => {
      fromCache.current = false;
      setOffline(false);
      for (const node of document.querySelectorAll(`[${MESSAGE_ATTRIBUTE}]`)) node.remove();
    };
    const onSubmit = (event: SubmitEvent) => {
      if (navigator.onLine || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      showNeedsConnection(event.target, message);
    };
    const onClick = (event: MouseEvent) => {
      if (navigator.onLine) return;
      const href = documentHref(event);
      if (!href) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      window.location.assign(href);
    };
    window.addEventListener("offline", goneOffline);
    window.addEventListener("online", backOnline);
    // Capture on window: ahead of React's listeners on the document.
    window.addEventListener("submit", onSubmit, true);
    window.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("offline", goneOffline);
      window.removeEventListener("online", backOnline);
      window.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("click", onClick, true);
    };
  }, [message]);

  return (
    <div role="status">
      {offline && (
        <p className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950">
          {t("offline.notice")}
        </p>
      )}
    </div>
  );
}

const MESSAGE_ATTRIBUTE = "data-offline-message";

/** The form's own message, last inside it (one at a time, replaced so it is announced again). */
function showNeedsConnection(form: HTMLFormElement, text: string) {
  form.querySelector(`:scope > [${MESSAGE_ATTRIBUTE}]`)?.remove();
  const alert = document.createElement("p");
  alert.setAttribute(MESSAGE_ATTRIBUTE, "");
  alert.setAttribute("role", "alert");
  alert.className = "mt-2 basis-full rounded-md bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-950";
  alert.textContent = text;
  form.append(alert);
}

/** The URL a plain left click on a link of this site would open, for a document load; else null. */
function documentHref(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return null;
  if (link.target && link.target !== "_self") return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // A jump within the page needs no network.
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return null;
  return url.href;
}
