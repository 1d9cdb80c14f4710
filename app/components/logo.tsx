import { useT } from "~/i18n/use-t";

/**
 * The store's mark and name, inline (no image request). The text is hidden from assistive
 * technology because the link around it carries the accessible name.
 */
export function Logo({ className = "" }: { className?: string }) {
  const t = useT();
  return (
    <span aria-hidden="true" className={`flex items-center gap-1.5 ${className}`}>
      <svg width="28" height="28" viewBox="0 0 32 32" focusable="false">
        <rect width="32" height="32" rx="8" fill="#fbbf24" />
        <path d="M9 12h14l-1.2 11.2a2 2 0 0 1-2 1.8h-7.6a2 2 0 0 1-2-1.8z" fill="#172554" />
        <path
          d="M12.5 12.5V11a3.5 3.5 0 0 1 7 0v1.5"
          fill="none"
          stroke="#172554"
          strokeWidth="2"
          strokeLinecap="round"
        />
        <path d="m16 15.2.9 1.9 2 .3-1.45 1.4.35 2-1.8-.95-1.8.95.35-2-1.45-1.4 2-.3z" fill="#fbbf24" />
      </svg>
      <span className="text-base leading-none font-extrabold tracking-tight sm:text-lg">{t("site.name")}</span>
    </span>
  );
}
