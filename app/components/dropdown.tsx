import { type ReactNode, type SyntheticEvent, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A dropdown built on `<details>`, so it opens and closes without JavaScript (the pickers work
 * before hydration). `useDropdownDismiss` adds what needs JavaScript: §2.3 "clicking outside
 * closes open dropdowns", Escape, and closing after a navigation.
 */
export function Dropdown({
  summary,
  children,
  className = "",
  summaryClassName = "",
  panelClassName = "",
  onToggle,
}: {
  summary: ReactNode;
  children: ReactNode;
  className?: string;
  summaryClassName?: string;
  panelClassName?: string;
  onToggle?: (event: SyntheticEvent<HTMLDetailsElement>) => void;
}) {
  return (
    <details data-dropdown="" className={`group/dd ${className}`} onToggle={onToggle}>
      <summary className={`dd-sum ${summaryClassName}`}>{summary}</summary>
      <div className={`dd-panel ${panelClassName}`}>{children}</div>
    </details>
  );
}

function openDropdowns(): HTMLDetailsElement[] {
  return Array.from(document.querySelectorAll<HTMLDetailsElement>("details[data-dropdown][open]"));
}

/** Installs the outside-click, Escape and after-navigation closing of every Dropdown. Call once. */
export function useDropdownDismiss() {
  const location = useLocation();

  useEffect(() => {
    function onClick(event: MouseEvent) {
      const target = event.target as Node | null;
      for (const details of openDropdowns()) {
        if (!target || !details.contains(target)) details.open = false;
      }
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      for (const details of openDropdowns()) {
        const hadFocus = details.contains(document.activeElement);
        details.open = false;
        if (hadFocus) details.querySelector("summary")?.focus();
      }
    }
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  // A link inside a menu navigates without reloading the page: close the menu behind it. Not on
  // the first run: a menu opened before hydration finished stays open.
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key === firstKey.current) return;
    for (const details of openDropdowns()) details.open = false;
  }, [location.key]);
}
