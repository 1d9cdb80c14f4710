import { useLocation } from "react-router";
import { useT } from "~/i18n/use-t";
import { Dropdown, useDropdownDismiss } from "./dropdown";
import { AccountMenu } from "./header-account-menu";
import { AllMenu } from "./header-all-menu";
import { CurrencyPicker, LanguagePicker } from "./header-locale-pickers";
import { focusSearchInput, SearchForm } from "./header-search-form";
import { HEADER_ACTION } from "./header-styles";
import { CartIcon, ChatIcon, IconSprite, MapPinIcon, SearchIcon } from "./icons";
import { LocaleLink, LocaleNavLink } from "./locale-link";
import { Logo } from "./logo";
import { useRootData } from "./root-data";

/**
 * The header of every page (§2.3). The cart link appears only when signed in, its badge only above
 * 0: `cartCount` is the server cart's item count (0 until the cart work provides it).
 */
export function SiteHeader({ cartCount = 0 }: { cartCount?: number }) {
  const t = useT();
  const { categories, user, zone } = useRootData();
  const location = useLocation();
  useDropdownDismiss();

  return (
    <header className="bg-blue-950 text-white">
      <IconSprite />
      <div className="relative mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-0.5 gap-y-1 px-2 py-1.5 sm:gap-x-3 sm:px-4">
        <LocaleLink
          to="/"
          className="order-1 flex min-h-11 items-center rounded-md pr-0.5 focus-visible:outline-2 focus-visible:outline-amber-300"
          aria-label={t("header.homeLink", { name: t("site.name") })}
        >
          <Logo />
        </LocaleLink>

        <LocaleLink
          to={`/delivery?back=${encodeURIComponent(location.pathname + location.search)}`}
          className="order-last flex min-h-8 w-full items-center gap-1 rounded-md text-xs text-blue-100 focus-visible:outline-2 focus-visible:outline-amber-300 md:order-2 md:w-auto md:flex-col md:items-start md:gap-0 md:leading-tight"
        >
          <MapPinIcon size={16} className="md:hidden" />
          <span>{t("header.deliverTo")}</span>
          <span className="font-semibold text-white md:flex md:items-center md:gap-0.5 md:text-sm">
            <MapPinIcon size={16} className="hidden md:inline" />
            {zone?.name ?? t("header.deliveryCity")}
          </span>
        </LocaleLink>

        <div className="order-3 hidden min-w-0 flex-1 md:block">
          <SearchForm idPrefix="search" />
        </div>

        <div className="order-2 ml-auto flex items-center gap-0.5 md:order-4 md:ml-0">
          <Dropdown
            className="md:hidden"
            summaryClassName={HEADER_ACTION}
            panelClassName="inset-x-2 top-full p-2"
            summary={
              <>
                <SearchIcon size={22} />
                <span className="sr-only">{t("header.search.toggle")}</span>
              </>
            }
            onToggle={focusSearchInput}
          >
            <SearchForm idPrefix="search-mobile" />
          </Dropdown>

          <LanguagePicker />
          <CurrencyPicker />
          <AccountMenu />

          {/* Signed in, the cart takes the chat's place on phones under 400 px; the chat stays one
              tap away in the 'all' menu's info links (§2.3). */}
          <LocaleLink
            to="/chat"
            className={`${user ? "hidden min-[400px]:flex" : "flex"} items-center gap-1 rounded-md ${HEADER_ACTION}`}
          >
            <ChatIcon size={22} />
            <span className="sr-only text-sm lg:not-sr-only">{t("header.chat")}</span>
          </LocaleLink>
          {user && <CartLink count={cartCount} />}
        </div>
      </div>

      <nav aria-label={t("header.mainNav")} className="bg-blue-900 text-sm">
        <div className="relative mx-auto flex max-w-screen-2xl items-stretch px-1 sm:px-3">
          <AllMenu />
          <ul className="no-scrollbar relative flex min-w-0 flex-1 items-stretch overflow-x-auto whitespace-nowrap">
            {categories.map((category) => (
              <li key={category.slug} className="flex">
                <LocaleNavLink to={`/shop/${category.slug}`} className="strip-link">
                  {category.name}
                </LocaleNavLink>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </header>
  );
}

/** §2.3 cart link, signed in only; the count badge only above 0. */
function CartLink({ count }: { count: number }) {
  const t = useT();
  return (
    <LocaleLink to="/cart" className={`relative flex items-center gap-1 rounded-md ${HEADER_ACTION}`}>
      <CartIcon size={24} />
      <span className="sr-only text-sm lg:not-sr-only">{t("accounts.menu.cart")}</span>
      {count > 0 && (
        <span className="absolute top-0.5 left-5 min-w-5 rounded-full bg-amber-400 px-1 text-center text-xs leading-5 font-bold text-slate-900 lg:static">
          <span aria-hidden="true">{count}</span>
          <span className="sr-only">{t("accounts.menu.cartCount", { count })}</span>
        </span>
      )}
    </LocaleLink>
  );
}
