import { useHydrated } from "~/utils/use-hydrated";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation, useSubmit } from "react-router";
import { Form, Link } from "~/components/router-links";
import { ChevronDownIcon } from "~/components/icons";
import { useT } from "~/i18n/use-t";
import { FilterIcon } from "./listing-icons";

/** The width from which the filters sit in a sidebar beside the results (Tailwind `lg`). */
const WIDE_QUERY = "(min-width: 1024px)";

/**
 * The filter panel (§2.8 sidebar, §2.12 category filter; §4.6 it opens and closes on small
 * screens). A `<details>`, so it folds without JavaScript. The server opens it for browsers that
 * are not phones (`open`); after hydration a wide screen opens it too, which moves nothing since
 * it sits beside the results there, and a narrow one folds it (a phone whose browser does not say
 * it is one), so the results come first.
 */
export function FiltersPanel({
  open,
  activeCount,
  clearHref,
  children,
}: {
  open: boolean;
  activeCount: number;
  /** Where 'clear filters' goes (shown when a filter is active). */
  clearHref: string;
  children: ReactNode;
}) {
  const t = useT();
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const wide = window.matchMedia(WIDE_QUERY).matches;
    if (ref.current.open !== wide) ref.current.open = wide;
  }, []);
  return (
    <details ref={ref} open={open} className="group/filters rounded-lg border border-slate-200 bg-white shadow-xs">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-2 font-semibold text-slate-900 select-none hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 [&::-webkit-details-marker]:hidden">
        <FilterIcon size={18} />
        {t("catalog.filters.title")}
        {activeCount > 0 && (
          <span className="rounded-full bg-blue-900 px-2 py-0.5 text-xs font-semibold text-white">
            {t("catalog.filters.active", { count: activeCount })}
          </span>
        )}
        <ChevronDownIcon size={18} className="ml-auto transition group-open/filters:rotate-180" />
      </summary>
      <div className="space-y-4 border-t border-slate-200 px-4 py-3">
        {children}
        {activeCount > 0 && (
          <Link
            to={clearHref}
            preventScrollReset
            className="inline-flex min-h-11 items-center rounded text-sm font-medium text-blue-800 underline hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            {t("catalog.filters.clear")}
          </Link>
        )}
      </div>
    </details>
  );
}

export type RadioOption = { value: string; label: string; indent?: boolean };

/**
 * One radio filter as a GET form on the current page (§2.8 price range, §2.12 category). The
 * other query parameters travel as hidden fields; the page number does not, so a new filter
 * starts at page 1. Without JavaScript an 'Apply' button submits; with it the button goes away
 * and choosing an option submits at once (the radio keeps focus, so arrow keys keep working).
 */
export function RadioFilter({
  name,
  legend,
  options,
  value,
  hidden,
}: {
  name: string;
  legend: string;
  options: RadioOption[];
  value: string;
  hidden: Array<[string, string]>;
}) {
  const t = useT();
  const submit = useSubmit();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  // Follows the URL (back button), and shows the new choice at once while its page loads.
  const [selected, setSelected] = useState(value);
  useEffect(() => setSelected(value), [value]);

  return (
    <Form
      method="get"
      action={pathname}
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {hidden.map(([n, v]) => (
        <input key={n} type="hidden" name={n} value={v} />
      ))}
      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-slate-900">{legend}</legend>
        <ul>
          {options.map((option) => (
            <li key={option.value} className={option.indent ? "pl-5" : undefined}>
              <label className="flex min-h-10 cursor-pointer items-center gap-2.5 rounded px-1 text-sm text-slate-800 hover:bg-slate-50">
                <input
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={selected === option.value}
                  onChange={() => setSelected(option.value)}
                  className="size-4 accent-blue-900"
                />
                {option.label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <button
        type="submit"
        hidden={hydrated}
        className="mt-2 min-h-11 rounded-md bg-blue-900 px-4 text-sm font-semibold text-white hover:bg-blue-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {t("catalog.filters.apply")}
      </button>
    </Form>
  );
}
