import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { Link } from "~/components/router-links";
import { LocaleLink } from "~/components/locale-link";
import { useT } from "~/i18n/use-t";
import { useHydrated } from "~/utils/use-hydrated";
import { withParams } from "./product-url-state";
import type { ProductTab, ProductView } from "./product-view";

export type TabSpec = { id: ProductTab; label: string; content: ReactNode };

/**
 * §2.10 tabs (description, specifications, reviews, questions) in the ARIA tabs pattern. Each tab
 * is a link to `?tab=...`, so that without JavaScript a tab is a plain page load; the server
 * renders every panel (hidden but the selected one), so their text is in the HTML. With
 * JavaScript: roving focus, arrow keys, Home and End, and switching in place (the loader is not
 * called again).
 */
export function ProductTabs({ tabs, selected }: { tabs: TabSpec[]; selected: ProductTab }) {
  const t = useT();
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const refs = useRef<Array<HTMLAnchorElement | null>>([]);
  const href = (id: ProductTab) => withParams(location, { tab: id });

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const last = tabs.length - 1;
    const target =
      event.key === "ArrowRight"
        ? (index + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : event.key === " "
                ? index
                : null;
    if (target === null) return;
    event.preventDefault();
    refs.current[target]?.focus();
    navigate(href(tabs[target].id), { replace: true, preventScrollReset: true });
  };

  return (
    <section id="product-tabs" aria-labelledby="product-tabs-title" className="rounded-lg bg-white shadow-xs">
      <h2 id="product-tabs-title" className="sr-only">
        {t("pdp.tabs.label")}
      </h2>
      <div
        role="tablist"
        aria-labelledby="product-tabs-title"
        className="grid grid-cols-2 border-b border-slate-200 sm:flex sm:px-3"
      >
        {tabs.map((tab, i) => {
          const active = tab.id === selected;
          return (
            <Link
              key={tab.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              id={`tab-${tab.id}`}
              role="tab"
              to={href(tab.id)}
              replace
              preventScrollReset
              aria-selected={active}
              aria-controls={`panel-${tab.id}`}
              // Roving focus needs the arrow keys, so only once they work (before: every tab is a stop).
              tabIndex={hydrated && !active ? -1 : undefined}
              onKeyDown={(event) => onKeyDown(event, i)}
              className={`-mb-px flex min-h-12 items-center justify-center border-b-2 px-2 py-2 text-center text-sm leading-tight font-semibold focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700 sm:px-4 sm:text-base sm:whitespace-nowrap ${
                active
                  ? "border-blue-800 bg-blue-50/60 text-blue-900 sm:bg-transparent"
                  : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          id={`panel-${tab.id}`}
          role="tabpanel"
          aria-labelledby={`tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700 sm:p-6"
        >
          {tab.content}
        </div>
      ))}
    </section>
  );
}

/** The description tab: the localised text (decision “Names in both languages”), paragraphs kept. */
export function ProductDescription({ product }: { product: ProductView }) {
  const t = useT();
  return (
    <div className="max-w-3xl text-slate-800">
      {product.description ? (
        product.description.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i} className="mb-3 leading-relaxed whitespace-pre-line last:mb-0">
            {paragraph}
          </p>
        ))
      ) : (
        <p className="text-slate-600">{t("pdp.noDescription")}</p>
      )}
    </div>
  );
}

/** The specifications tab (§2.10): brand, model, weight, dimensions, colour, warranty, category. */
export function ProductSpecs({ product, color }: { product: ProductView; color: string | null }) {
  const t = useT();
  const rows: Array<[string, string]> = [
    [t("pdp.specs.brand"), product.brand],
    [t("pdp.specs.model"), product.model],
    [t("pdp.specs.weight"), product.weight],
    [t("pdp.specs.dimensions"), product.dimensions],
    [t("pdp.specs.color"), color ?? product.color],
    [t("pdp.specs.warranty"), product.warranty ? t("pdp.specs.yes") : t("pdp.specs.no")],
    [t("pdp.specs.category"), product.category.name],
  ];
  return (
    <table className="w-full max-w-2xl text-left text-sm">
      <caption className="sr-only">{t("pdp.tabs.specs")}</caption>
      <tbody className="divide-y divide-slate-100">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <tr key={label}>
              <th scope="row" className="w-2/5 py-2.5 pr-4 align-top font-medium text-slate-600">
                {label}
              </th>
              <td className="py-2.5 text-slate-900">{value}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

/** The questions and answers tab: a placeholder (§2.10), pointing to the chat meanwhile. */
export function ProductQuestions() {
  const t = useT();
  return (
    <div className="max-w-2xl">
      <p className="font-semibold text-slate-900">{t("pdp.questions.empty")}</p>
      <p className="mt-1 text-slate-700">
        {t("pdp.questions.text")}{" "}
        <LocaleLink
          to="/chat"
          className="rounded font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          {t("pdp.questions.chat")}
        </LocaleLink>
        .
      </p>
    </div>
  );
}
