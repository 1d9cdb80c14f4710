import { Form } from "~/components/router-links";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import { Dropdown } from "./dropdown";
import { ChevronDownIcon, UserIcon } from "./icons";
import { HEADER_ACTION, MENU_LINK } from "./header-styles";
import { LocaleLink, LocaleNavLink } from "./locale-link";
import { useRootData } from "./root-data";

/** §2.3 account menu: signed out, sign in and sign up; signed in, the account links and log out. */
export function AccountMenu() {
  const t = useT();
  const { user } = useRootData();
  const greeting = user ? t("accounts.menu.greeting", { name: user.name }) : t("header.account.greeting");
  return (
    <Dropdown
      className="sm:relative"
      summaryClassName={`${HEADER_ACTION} text-left`}
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
