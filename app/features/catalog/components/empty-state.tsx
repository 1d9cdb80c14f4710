import type { ReactNode } from "react";
import { Link } from "~/components/router-links";

export const PRIMARY_ACTION =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-amber-400 px-5 py-2.5 font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
export const SECONDARY_ACTION =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/**
 * A friendly empty listing (§2.7 back to home, §2.8 back to the category, §2.9 continue shopping,
 * §2.12 no results / start searching): an icon, a heading, a sentence and one or two ways on.
 * `actions` take full hrefs (build them with useLocalePath or the listing's href helper).
 */
export function EmptyState({
  icon,
  title,
  text,
  actions,
  headingLevel = 2,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  actions: Array<{ label: string; href: string; secondary?: boolean }>;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="mx-auto mt-4 max-w-lg rounded-lg bg-white p-6 text-center shadow-xs sm:p-8">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-blue-50 text-blue-900">
        {icon}
      </span>
      <Heading className="mt-4 text-lg font-bold text-slate-900">{title}</Heading>
      <p className="mt-2 text-slate-700">{text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {actions.map((action) => (
          <Link
            key={action.href + action.label}
            to={action.href}
            className={action.secondary ? SECONDARY_ACTION : PRIMARY_ACTION}
          >
            {action.label}
          </Link>
        ))}
      </div>
    </section>
  );
}
