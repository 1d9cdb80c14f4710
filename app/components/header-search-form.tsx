import { type FormEvent, type SyntheticEvent, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import { SearchIcon } from "./icons";
import { useRootData } from "./root-data";

/** Focuses the query box when the phone's search dropdown opens. */
export function focusSearchInput(event: SyntheticEvent<HTMLDetailsElement>) {
  const details = event.currentTarget;
  if (details.open) details.querySelector<HTMLInputElement>("input[name=q]")?.focus();
}

/**
 * §2.3 search: GET `/{lang}/search?q=&category=`. With JavaScript a blank query is ignored and the
 * query is trimmed; without it the form submits as is and the search page shows its start state.
 */
export function SearchForm({ idPrefix }: { idPrefix: string }) {
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
