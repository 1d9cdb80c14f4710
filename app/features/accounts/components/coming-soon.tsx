import type { ReactNode } from "react";
import { Breadcrumb } from "~/components/breadcrumb";
import { LocaleLink } from "~/components/locale-link";
import { useT } from "~/i18n/use-t";

const BUTTON =
  "mt-6 inline-block rounded-md bg-amber-400 px-5 py-3 font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/**
 * A titled page for a signed-in section whose own work has not landed yet (cart, checkout,
 * orders, wishlist): the sign-in rules of §6 / decision “Signed-out visitors go to login at once” already hold.
 */
export function ComingSoonPage({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT();
  return (
    <section className="mx-auto max-w-screen-xl px-3 py-4 sm:px-4 sm:py-6">
      <Breadcrumb items={[{ label: t("breadcrumb.home"), to: "/" }, { label: title }]} />
      <div className="mx-auto max-w-xl py-8 text-center">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        {children ?? (
          <>
            <p className="mt-4 text-slate-700">{t("accounts.pages.comingSoon")}</p>
            <LocaleLink to="/shop" className={BUTTON}>
              {t("accounts.pages.continueShopping")}
            </LocaleLink>
          </>
        )}
      </div>
    </section>
  );
}

export const PRIMARY_BUTTON = BUTTON;
