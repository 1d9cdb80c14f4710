import { type FormEvent, type ReactNode, type SyntheticEvent, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { Form, Link } from "~/components/router-links";
import type { TFunction } from "~/i18n/i18n";
import { LANGUAGES, type Language } from "~/i18n/languages";
import { languageSwitchHref, localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import { CURRENCIES, type Currency } from "~/utils/money";
import { Dropdown, useDropdownDismiss } from "./dropdown";
import {
  CartIcon,
  ChatIcon,
  CheckIcon,
  ChevronDownIcon,
  GlobeIcon,
  IconSprite,
  MapPinIcon,
  MenuIcon,
  SearchIcon,
  UserIcon,
} from "./icons";
import { LocaleLink, LocaleNavLink } from "./locale-link";
import { Logo } from "./logo";
import { useRootData } from "./root-data";

/** The info links of the 'all' menu (§2.3) and the footer (§2.4), in the spec's order. */
export const INFO_LINKS = [
  { to: "/chat", key: "links.chat" },
  { to: "/sell-with-us", key: "links.sellWithUs" },
  { to: "/about-us", key: "links.aboutUs" },
  { to: "/help-center", key: "links.helpCenter" },
  { to: "/privacy-policy", key: "links.privacyPolicy" },
  { to: "/terms-of-service", key: "links.termsOfService" },
] as const;

/** The header's icon buttons and links (`.hdr-act` in app.css). */
const ACTION = "hdr-act";

/**
 * The header of every page (§2.3). The cart link appears only when signed in, its badge only above
 * 0: `cartCount` is the server cart's item count (0 until the cart work provides it).
 */
export function SiteHeader({ cartCount = 0 }: { cartCount?: number }) {
  const t = useT();
  const { categories, user } = useRootData();
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

        <p className="order-last flex w-full items-center gap-1 text-xs text-blue-100 md:order-2 md:w-auto md:flex-col md:items-start md:gap-0 md:leading-tight">
          <MapPinIcon size={16} className="md:hidden" />
          <span>{t("header.deliverTo")}</span>
          <span className="font-semibold text-white md:flex md:items-center md:gap-0.5 md:text-sm">
            <MapPinIcon size={16} className="hidden md:inline" />
            {t("header.deliveryCity")}
          </span>
        </p>

        <div className="order-3 hidden min-w-0 flex-1 md:block">
          <SearchForm idPrefix="search" />
        </div>

        <div className="order-2 ml-auto flex items-center gap-0.5 md:order-4 md:ml-0">
          <Dropdown
            className="md:hidden"
            summaryClassName={ACTION}
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
            className={`${user ? "hidden min-[400px]:flex" : "flex"} items-center gap-1 rounded-md ${ACTION}`}
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

function focusSearchInput(event: SyntheticEvent<HTMLDetailsElement>) {
  const details = event.currentTarget;
  if (details.open) details.querySelector<HTMLInputElement>("input[name=q]")?.focus();
}

/**
 * §2.3 search: GET `/{lang}/search?q=&category=`. With JavaScript a blank query is ignored and the
 * query is trimmed; without it the form submits as is and the search page shows its start state.
 */
function SearchForm({ idPrefix }: { idPrefix: string }) {
  const t = useT();
  const lang = useLang();
  const { categories } = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const action = localePath(lang, "/search");
  // On the results page the box shows the current search.
  const current = location.pathname === action ? new URLSearchParams(location.search) : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const q = String(form.get("q") ?? "").trim();
    if (!q) {
      input.current?.focus();
      return;
    }
    const category = String(form.get("category") || "all");
    navigate(`${action}?q=${encodeURIComponent(q)}&category=${encodeURIComponent(category)}`);
  }

  return (
    <form
      key={current ? location.search : "blank"}
      role="search"
      method="get"
      action={action}
      onSubmit={onSubmit}
      className="sf"
    >
      <label htmlFor={`${idPrefix}-category`} className="sr-only">
        {t("header.search.category")}
      </label>
      <select
        id={`${idPrefix}-category`}
        name="category"
        defaultValue={current?.get("category") ?? "all"}
        className="sf-cat"
      >
        <option value="all">{t("header.search.allCategories")}</option>
        {categories.map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.name}
          </option>
        ))}
      </select>
      <label htmlFor={`${idPrefix}-q`} className="sr-only">
        {t("header.search.label")}
      </label>
      <input
        ref={input}
        id={`${idPrefix}-q`}
        name="q"
        type="search"
        defaultValue={current?.get("q") ?? ""}
        placeholder={t("header.search.placeholder")}
        enterKeyHint="search"
        autoComplete="off"
        maxLength={200}
        className="sf-q"
      />
      <button type="submit" className="sf-go">
        <SearchIcon size={20} />
        <span className="sr-only">{t("header.search.submit")}</span>
      </button>
    </form>
  );
}

/** §2.3 language picker: plain links to the same page under the other prefix (works without JS). */
function LanguagePicker() {
  const t = useT();
  const lang = useLang();
  return (
    <Dropdown
      className="sm:relative"
      summaryClassName={ACTION}
      panelClassName="right-2 w-44 py-1 sm:right-0"
      summary={
        <>
          <GlobeIcon size={18} className="hidden sm:inline" />
          <span aria-hidden="true" className="text-sm font-semibold">
            {lang.toUpperCase()}
          </span>
          <span className="sr-only">{t("header.language.current", { language: t(`language.${lang}`) })}</span>
          <ChevronDownIcon size={14} className="hidden sm:inline" />
        </>
      }
    >
      <LanguageLinks />
    </Dropdown>
  );
}

function LanguageLinks() {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  return (
    <ul>
      {LANGUAGES.map((target: Language) => (
        <li key={target}>
          <Link
            to={languageSwitchHref(location.pathname, location.search, target)}
            hrefLang={target}
            lang={target}
            aria-current={target === lang ? "true" : undefined}
            className="menu-opt"
          >
            {t(`language.${target}`)}
            {target === lang && <CheckIcon size={16} className="text-blue-700" />}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** §2.3 / D5 currency picker: a small POST form that sets the `currency` cookie (works without JS). */
function CurrencyPicker() {
  const t = useT();
  const { currency } = useRootData();
  return (
    <Dropdown
      className="sm:relative"
      summaryClassName={ACTION}
      panelClassName="right-2 w-56 py-1 sm:right-0"
      summary={
        <>
          <span aria-hidden="true" className="text-sm font-semibold">
            {currency}
          </span>
          <span className="sr-only">{t("header.currency.current", { currency: t(`currency.${currency}`) })}</span>
          <ChevronDownIcon size={14} className="hidden sm:inline" />
        </>
      }
    >
      <CurrencyForm />
    </Dropdown>
  );
}

function CurrencyForm() {
  const t = useT();
  const lang = useLang();
  const { currency } = useRootData();
  const location = useLocation();
  return (
    <Form method="post" action={localePath(lang, "/set-currency")} preventScrollReset>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {CURRENCIES.map((option: Currency) => (
        <button
          key={option}
          type="submit"
          name="currency"
          value={option}
          aria-pressed={option === currency}
          className="menu-opt w-full text-left"
        >
          {t(`currency.${option}`)}
          {option === currency && <CheckIcon size={16} className="text-blue-700" />}
        </button>
      ))}
    </Form>
  );
}

/** §2.3 account menu: signed out, sign in and sign up; signed in, the account links and log out. */
function AccountMenu() {
  const t = useT();
  const { user } = useRootData();
  const greeting = user ? t("accounts.menu.greeting", { name: user.name }) : t("header.account.greeting");
  return (
    <Dropdown
      className="sm:relative"
      summaryClassName={`${ACTION} text-left`}
      panelClassName={`right-2 w-64 sm:right-0 ${user ? "py-2" : "p-4 text-center"}`}
      summary={
        <>
          <UserIcon size={22} className="md:hidden" />
          <span className="sr-only md:not-sr-only md:flex md:flex-col md:leading-tight">
            <span className="max-w-36 truncate text-xs text-blue-100">{greeting}</span>
            <span className="flex items-center text-sm font-semibold">
              {t("header.account.label")}
              <ChevronDownIcon size={14} />
            </span>
          </span>
        </>
      }
    >
      {user ? <SignedInMenu /> : <SignedOutMenu />}
    </Dropdown>
  );
}

function SignedOutMenu() {
  const t = useT();
  return (
    <>
      <LocaleLink
        to="/login"
        className="block rounded-md bg-amber-400 px-4 py-2.5 font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {t("header.account.signIn")}
      </LocaleLink>
      <p className="mt-3 text-sm text-slate-700">
        {t("header.account.newCustomer")}{" "}
        <LocaleLink to="/signup" className="font-medium text-blue-800 underline hover:text-blue-950">
          {t("header.account.startHere")}
        </LocaleLink>
      </p>
    </>
  );
}

const ACCOUNT_LINKS = [
  { to: "/account", key: "accounts.menu.account" },
  { to: "/orders", key: "accounts.menu.orders" },
  { to: "/wishlist", key: "accounts.menu.wishlist" },
] as const;

/** Your account, your orders, your wish list, and log out: a POST form, so it works without JavaScript. */
function SignedInMenu() {
  const t = useT();
  const lang = useLang();
  const { user } = useRootData();
  return (
    <>
      {user && (
        <p className="truncate border-b border-slate-200 px-4 pt-1 pb-2 text-sm font-semibold text-slate-900">
          {t("accounts.menu.greeting", { name: user.name })}
        </p>
      )}
      <ul className="py-1">
        {ACCOUNT_LINKS.map((link) => (
          <li key={link.to}>
            <LocaleNavLink to={link.to} className={MENU_LINK}>
              {t(link.key)}
            </LocaleNavLink>
          </li>
        ))}
        {user?.isOperator && (
          <li>
            <LocaleNavLink to="/admin" className={MENU_LINK}>
              {t("header.account.backOffice")}
            </LocaleNavLink>
          </li>
        )}
      </ul>
      <Form method="post" action={localePath(lang, "/logout")} className="border-t border-slate-200 px-2 pt-2">
        <button
          type="submit"
          className="w-full rounded-md px-2 py-2.5 text-left font-medium text-red-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          {t("accounts.logout.submit")}
        </button>
      </Form>
    </>
  );
}

/** §2.3 cart link, signed in only; the count badge only above 0. */
function CartLink({ count }: { count: number }) {
  const t = useT();
  return (
    <LocaleLink to="/cart" className={`relative flex items-center gap-1 rounded-md ${ACTION}`}>
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

/** §2.3 second bar: the 'all' menu with settings, departments and info links. */
function AllMenu() {
  const t = useT();
  const { categories } = useRootData();
  return (
    <Dropdown
      className="flex shrink-0"
      summaryClassName="px-2.5 py-2 font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-amber-300"
      panelClassName="top-full left-1 max-h-[80vh] w-[min(20rem,calc(100vw-1rem))] overflow-y-auto py-2 text-sm"
      summary={
        <>
          <MenuIcon size={18} />
          {t("nav.all")}
        </>
      }
    >
      <MenuSection title={t("nav.settings")}>
        <p className="px-4 pt-1 text-xs font-medium text-slate-600">{t("header.language.label")}</p>
        <LanguageLinks />
        <p className="px-4 pt-2 text-xs font-medium text-slate-600">{t("header.currency.label")}</p>
        <CurrencyForm />
      </MenuSection>
      <MenuSection title={t("nav.departments")}>
        <ul>
          {categories.map((category) => (
            <li key={category.slug}>
              <LocaleNavLink to={`/shop/${category.slug}`} className={MENU_LINK}>
                {category.name}
              </LocaleNavLink>
            </li>
          ))}
          <li>
            <LocaleNavLink to="/shop" end className={`${MENU_LINK} font-medium text-blue-800`}>
              {t("nav.allDepartments")}
            </LocaleNavLink>
          </li>
        </ul>
      </MenuSection>
      <MenuSection title={t("nav.info")} last>
        <InfoLinks t={t} />
      </MenuSection>
    </Dropdown>
  );
}

const MENU_LINK = "menu-link";

function MenuSection({ title, last = false, children }: { title: string; last?: boolean; children: ReactNode }) {
  return (
    <section className={last ? "" : "mb-2 border-b border-slate-200 pb-2"}>
      <h2 className="px-4 py-1.5 text-base font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function InfoLinks({ t }: { t: TFunction }) {
  return (
    <ul>
      {INFO_LINKS.map((link) => (
        <li key={link.to}>
          <LocaleNavLink to={link.to} className={MENU_LINK}>
            {t(link.key)}
          </LocaleNavLink>
        </li>
      ))}
    </ul>
  );
}
