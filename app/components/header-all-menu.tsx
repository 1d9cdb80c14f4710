import type { ReactNode } from "react";
import type { TFunction } from "~/i18n/i18n";
import { useT } from "~/i18n/use-t";
import { Dropdown } from "./dropdown";
import { MenuIcon } from "./icons";
import { MENU_LINK } from "./header-styles";
import { CurrencyForm, LanguageLinks } from "./header-locale-pickers";
import { INFO_LINKS } from "./info-links";
import { LocaleNavLink } from "./locale-link";
import { useRootData } from "./root-data";
import { DataSaverForm } from "./data-saver-form";

/** §2.3 second bar: the 'all' menu with settings, departments and info links. */
export function AllMenu() {
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
        <DataSaverForm />
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
