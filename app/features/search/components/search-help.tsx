import { Link } from "~/components/router-links";
import { useT } from "~/i18n/use-t";

/**
 * What a zero-result search page offers besides the empty state: a "did you
 * mean" link when a near query finds products, and short search tips. Plain links and text: it
 * works without JavaScript.
 */
export function SearchHelp({ suggestion }: { suggestion: { text: string; href: string } | null }) {
  const t = useT();
  return (
    <section aria-labelledby="search-help-title" className="mx-auto mt-4 max-w-lg rounded-lg bg-white p-5 shadow-xs">
      {suggestion && (
        <p className="mb-3 text-base text-slate-900">
          {t("search.didYouMean")}{" "}
          <Link
            to={suggestion.href}
            className="font-semibold text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            {suggestion.text}
          </Link>
          ?
        </p>
      )}
      <h2 id="search-help-title" className="text-base font-bold text-slate-900">
        {t("search.tips.title")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{t("search.tips.fewerWords")}</li>
        <li>{t("search.tips.otherWord")}</li>
        <li>{t("search.tips.category")}</li>
      </ul>
    </section>
  );
}
