import { useLocation } from "react-router";
import { Form, Link } from "~/components/router-links";
import { LANGUAGES, type Language } from "~/i18n/languages";
import { languageSwitchHref, localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import { CURRENCIES, type Currency } from "~/utils/money";
import { Dropdown } from "./dropdown";
import { CheckIcon, ChevronDownIcon, GlobeIcon } from "./icons";
import { HEADER_ACTION } from "./header-styles";
import { useRootData } from "./root-data";

/** §2.3 language picker: plain links to the same page under the other prefix (works without JS). */
export function LanguagePicker() {
  const t = useT();
  const lang = useLang();
  return (
    <Dropdown
      className="sm:relative"
      summaryClassName={HEADER_ACTION}
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

export function LanguageLinks() {
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

/** §2.3 / decision “Currency choice” currency picker: a small POST form that sets the `currency` cookie (works without JS). */
export function CurrencyPicker() {
  const t = useT();
  const { currency } = useRootData();
  return (
    <Dropdown
      className="sm:relative"
      summaryClassName={HEADER_ACTION}
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

export function CurrencyForm() {
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
