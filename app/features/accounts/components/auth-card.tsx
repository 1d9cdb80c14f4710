import type { ReactNode } from "react";

/** The card every account screen sits in: phone-first, centred on wide screens. */
export function AuthCard({ title, children, wide = false }: { title: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <section className="px-3 py-6 sm:px-4 sm:py-10">
      <div
        className={`mx-auto w-full ${wide ? "max-w-2xl" : "max-w-md"} rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8`}
      >
        <h1 className="mb-5 text-2xl font-bold text-slate-900">{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** What an account form's action answers when it does not redirect. */
export type AccountFormResult = {
  /** Field -> translation key of its first error. */
  errors?: Record<string, string>;
  /** A message about the whole form (a translation key) and its placeholders. */
  formError?: string;
  formErrorValues?: Record<string, string | number>;
  /** What the shopper typed (never passwords), to fill the form again without JavaScript. */
  values?: Record<string, string>;
  /** A success message shown on the same page. */
  ok?: string;
};
