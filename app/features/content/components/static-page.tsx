import type { ReactNode } from "react";
import { Breadcrumb } from "~/components/breadcrumb";
import { useT } from "~/i18n/use-t";

/**
 * Reading styles for the Markdown of content/pages (no typography plugin: a handful of rules on
 * the container). Links are underlined so they do not rely on colour alone.
 */
export const PROSE = [
  "max-w-none text-base leading-relaxed text-slate-800",
  "[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h2]:scroll-mt-4",
  "[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_a]:font-medium [&_a]:text-blue-800 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-blue-950",
  "[&_a]:rounded-sm [&_a:focus-visible]:outline-2 [&_a:focus-visible]:outline-offset-2 [&_a:focus-visible]:outline-blue-700",
  "[&_strong]:font-semibold [&_strong]:text-slate-900",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-[0.9em] [&_code]:text-slate-900",
  "[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm",
  "[&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:p-1.5 sm:[&_th]:p-2 [&_th]:text-left [&_th]:align-top",
  "[&_td]:border [&_td]:border-slate-300 [&_td]:p-1.5 sm:[&_td]:p-2 [&_td]:align-top [&_td_code]:break-all",
].join(" ");

/** Trusted HTML rendered from the repository's Markdown (database values escaped on the server). */
export function Prose({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`${PROSE} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

export const PRIMARY_LINK_BUTTON =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-amber-400 px-5 font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
export const SECONDARY_LINK_BUTTON =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-slate-300 bg-white px-5 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/**
 * The frame of a §2.18 page: breadcrumb, the title as the page's one `h1`, the last-updated date
 * when the text has one, then the page's own body on a white card.
 */
export function StaticPageLayout({
  title,
  lastUpdated,
  wide = false,
  children,
}: {
  title: string;
  lastUpdated?: { iso: string; label: string } | null;
  /** The help centre uses the full width for its tiles; reading pages keep lines short. */
  wide?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className={`mx-auto px-3 py-4 sm:px-4 sm:py-6 ${wide ? "max-w-screen-xl" : "max-w-3xl"}`}>
      <Breadcrumb items={[{ label: t("breadcrumb.home"), to: "/" }, { label: title }]} />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {lastUpdated && (
        <p className="mt-1 text-sm text-slate-700">
          {t("staticPages.lastUpdated")} <time dateTime={lastUpdated.iso}>{lastUpdated.label}</time>
        </p>
      )}
      {children}
    </div>
  );
}

/** A white card for a block of text. */
export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`mt-4 rounded-lg bg-white p-4 shadow-sm sm:p-6 ${className}`}>{children}</div>;
}
