import type { ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  data,
  isRouteErrorResponse,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import type { RootData } from "./components/root-data";
import { toNavCategories } from "./features/catalog/nav-categories";
import { metaT, pageMeta } from "./components/seo";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { RouteErrorBoundary } from "./components/route-error";
import { appContext } from "./context";
import { getCategories } from "./features/catalog/categories.server";
import { getCartItemCount } from "./features/cart/cart-lines.server";
import { getCompanyInfo } from "./features/content/content.server";
import { getExchangeRate } from "./features/currency/currency.server";
import { visitorZone } from "./features/delivery/visitor-zone.server";
import { isAccountLinkPath, pageLanguage } from "./i18n/links";
import { getPageMessages } from "./i18n/messages.server";
import { DATA_SAVER_ONLY, groupCovers, pageGroup } from "./i18n/page-messages";
import { useT } from "./i18n/use-t";
import { getCurrencyPreference, readCookie } from "./utils/cookies";
import { DEFAULT_EXCHANGE_RATE } from "./features/currency/default-rate";
import { ListingPageSkeleton } from "~/features/catalog/components/listing-skeleton";
import { ProductPageSkeleton } from "~/features/catalog/components/product-skeleton";
import { PendingPage, type SkeletonRule } from "~/components/pending-page";
import { greetingName } from "~/features/accounts/accounts.server";
import { isStaff } from "~/features/admin/guard.server";
import { FlashAlert } from "~/features/accounts/components/flash-alert";
import { ZoneBanner } from "~/features/delivery/components/zone-banner";
import { DataSaverNotice } from "~/features/data-saver/components/data-saver-notice";
import { DATA_SAVER_COOKIE, dataSaverOn } from "~/features/data-saver/preference";
import { clearFlashCookie, readFlash } from "~/features/accounts/flash.server";
import { accountPageLanguage } from "~/features/accounts/pages.server";
import { OfflineSupport } from "./components/offline-support";
import { logger } from "~/utils/logger.server";

export const links: Route.LinksFunction = () => [
  // A `precedence` makes React 19 emit the stylesheet at the top of <head>, before the hoisted
  // module preloads of <Scripts>: on HTTP/1.1's six connections the render-blocking CSS is then
  // requested before the JavaScript instead of queueing behind it (first paint).
  { rel: "stylesheet", href: appCss, precedence: "default" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/**
 * What every page needs: language and the messages of the page's group only (i18n/page-messages.ts;
 * the rest never reaches the browser), currency (decision “Currency choice” cookie) and rate (decision “One exchange rate”), categories for the header, company info for the
 * footer, the signed-in shopper's public fields (§2.3 account menu) and a pending alert (flash
 * cookie, cleared here). A failing read is logged and replaced by a default so the shell always
 * renders (§8: exchange rate failure is only logged and the default rate stays).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env, publicUrl, user, pageTemplate } = context.get(appContext);
  const pathname = new URL(request.url).pathname;
  // The unprefixed account pages (links in emails) speak the shopper's language, not always es.
  const lang = isAccountLinkPath(pathname) ? await accountPageLanguage(db, request) : pageLanguage(pathname);
  const flash = readFlash(request);
  // The back office keeps its scripts: data saver is the storefront's (decision 014).
  const dataSaver =
    !/^\/(es|en)\/admin(\/|$)/.test(pathname) &&
    dataSaverOn(readCookie(request, DATA_SAVER_COOKIE), request.headers.get("Save-Data"));
  const [rate, categories, company, cartCount, zone] = await Promise.all([
    getExchangeRate(db).catch(logged("exchange rate", DEFAULT_EXCHANGE_RATE)),
    getCategories(db, lang)
      .then((all) => toNavCategories(all, lang))
      .catch(logged("categories", [])),
    getCompanyInfo(db, lang).catch(logged("company info", null)),
    // §2.3 header badge: the signed-in shopper's number of cart lines (a template's is given).
    pageTemplate ? pageTemplate.cartCount : user ? getCartItemCount(db, user.id).catch(logged("cart count", 0)) : 0,
    visitorZone(db, request, lang).catch(logged("delivery zone", null)),
  ]);
  const rootData = {
    lang,
    messages: getPageMessages(lang, pathname, [...(flash ? [flash.key] : []), ...(dataSaver ? DATA_SAVER_ONLY : [])]),
    currency: getCurrencyPreference(request),
    rate,
    categories,
    company,
    publicUrl,
    ...(env.MEDIA_PUBLIC_URL ? { mediaBase: env.MEDIA_PUBLIC_URL } : {}),
    user: pageTemplate
      ? { name: pageTemplate.name, isOperator: pageTemplate.isOperator }
      : user
        ? { name: greetingName(user), isOperator: isStaff(user) }
        : null,
    flash,
    zone,
    // Only when on: every byte of the root data is in every page's HTML.
    ...(dataSaver ? { dataSaver } : {}),
  } satisfies RootData;
  const payload = { ...rootData, cartCount };
  return flash ? data(payload, { headers: { "Set-Cookie": clearFlashCookie(request) } }) : payload;
}

function logged<T>(what: string, fallback: T) {
  return (error: unknown) => {
    logger.error({ err: error }, `Root loader: could not read ${what}`);
    return fallback;
  };
}

/**
 * The root data is the same on every page of one language and page group: fetch it again only when
 * the language or the group (its messages) changes or after a mutation that may change it (currency,
 * signing in), not on every click. That
 * saves the catalogue and categories on each navigation over expensive mobile data.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  formAction,
  defaultShouldRevalidate,
}) => {
  if (formAction?.endsWith("/newsletter")) return false;
  // Sign-in, sign-out, sign-up, profile: every POST may change the session or leave an alert; the
  // cart and wishlist actions (cart page, /cart/add, /wishlist/toggle, wishlist page) change the
  // header's cart badge (§2.3). A refused one (4xx) changes nothing: the default skips it.
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  // The unprefixed account pages take their language from `?lang=`, the account or the browser.
  if (isAccountLinkPath(currentUrl.pathname) || isAccountLinkPath(nextUrl.pathname)) return true;
  // Another language, or a page of another group that needs messages this one lacks (from a
  // listing to home, say, the catalogue's messages already hold the home page's).
  return (
    pageLanguage(currentUrl.pathname) !== pageLanguage(nextUrl.pathname) ||
    !groupCovers(pageGroup(currentUrl.pathname), pageGroup(nextUrl.pathname))
  );
};

/** Default tags, and the title of the error pages (the root's meta is the one used then). */
export const meta: Route.MetaFunction = (args) => {
  const t = metaT(args);
  if (args.error) {
    const notFound = isRouteErrorResponse(args.error) && args.error.status === 404;
    return pageMeta(args, { title: t(notFound ? "notFound.title" : "error.title"), noIndex: true });
  }
  return pageMeta(args, { title: t("site.name"), fullTitle: true });
};

export function Layout({ children }: { children: ReactNode }) {
  const location = useLocation();
  const t = useT();
  // The root loader's language; from the path when it failed, so that `lang` is still right.
  const root = useRouteLoaderData("root") as (RootData & { cartCount?: number }) | undefined;
  const lang = root?.lang ?? pageLanguage(location.pathname);
  const dataSaver = root?.dataSaver === true;
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#172554" />
        {/* The installable app, in the page's language. */}
        <link rel="manifest" href={`/${lang}/manifest.webmanifest`} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col bg-slate-100 text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only z-[100] rounded-md bg-white px-4 py-3 font-semibold text-blue-900 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:outline-2 focus:outline-blue-700"
        >
          {t("a11y.skipToContent")}
        </a>
        {!dataSaver && <OfflineSupport />}
        <SiteHeader cartCount={root?.cartCount ?? 0} />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <DataSaverNotice />
          <ZoneBanner />
          <FlashAlert />
          {children}
        </main>
        <SiteFooter />
        {/* Data saver: the light page's one small script instead of the app (decision 014). */}
        {dataSaver ? (
          <script src="/data-saver.js" defer />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/** Client-side navigations to these pages show their skeleton while loading (§2.9, §2.10). */
const SKELETONS: SkeletonRule[] = [
  { pattern: /^\/(es|en)\/product\/[^/]+\/?$/, Skeleton: ProductPageSkeleton },
  { pattern: /^\/(es|en)\/(home-products\/[^/]+|shop\/[^/]+\/[^/]+|search)\/?$/, Skeleton: ListingPageSkeleton },
];

export default function App() {
  return (
    <PendingPage rules={SKELETONS}>
      <Outlet />
    </PendingPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} />;
}
