import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";

export const SELL_TABS = ["overview", "requirements", "models", "benefits", "process"] as const;
export type SellTab = (typeof SELL_TABS)[number];

/** `?tab=` as a tab; anything else is the overview. */
export function parseSellTab(value: string | null | undefined): SellTab {
  return (SELL_TABS as readonly string[]).includes(value ?? "") ? (value as SellTab) : "overview";
}

const TAB_CLASS =
  "inline-flex min-h-11 shrink-0 items-center rounded-t-md border-b-4 px-4 py-2 font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-700";
const ACTIVE = "border-amber-400 bg-white text-slate-900";
const INACTIVE = "border-transparent text-blue-900 hover:bg-white/70 hover:text-blue-950";

/**
 * §2.19 tabs. Before JavaScript (and without it) the tabs are links (`?tab=x#tabs`) and the
 * server renders only the chosen panel. Once hydrated they become a WAI-ARIA tab list: buttons with
 * `role="tab"`, roving focus, Left/Right/Home/End move and select (automatic activation), every
 * panel present and the others `hidden`. Switching then costs no request.
 */
export function SellTabs({
  initial,
  label,
  labels,
  hrefFor,
  panels,
  hydrated,
}: {
  initial: SellTab;
  /** The tab list's accessible name. */
  label: string;
  labels: Record<SellTab, string>;
  hrefFor: (tab: SellTab) => string;
  panels: Record<SellTab, ReactNode>;
  hydrated: boolean;
}) {
  const [active, setActive] = useState<SellTab>(initial);
  const tabs = useRef<Partial<Record<SellTab, HTMLButtonElement | null>>>({});

  if (!hydrated) {
    return (
      <>
        <nav aria-label={label} className="-mb-px overflow-x-auto border-b border-slate-300">
          <ul className="flex gap-1">
            {SELL_TABS.map((tab) => (
              <li key={tab}>
                <a
                  href={hrefFor(tab)}
                  aria-current={tab === initial ? "page" : undefined}
                  className={`${TAB_CLASS} ${tab === initial ? ACTIVE : INACTIVE}`}
                >
                  {labels[tab]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby={`sell-panel-${initial}-title`} className="rounded-b-lg bg-white p-4 sm:p-6">
          <h2 id={`sell-panel-${initial}-title`} className="sr-only">
            {labels[initial]}
          </h2>
          {panels[initial]}
        </section>
      </>
    );
  }

  function select(tab: SellTab) {
    setActive(tab);
    tabs.current[tab]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = SELL_TABS.indexOf(active);
    const last = SELL_TABS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    select(SELL_TABS[next]);
  }

  return (
    <>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="-mb-px flex gap-1 overflow-x-auto border-b border-slate-300"
      >
        {SELL_TABS.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              tabs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`sell-tab-${tab}`}
            aria-selected={tab === active}
            aria-controls={`sell-panel-${tab}`}
            tabIndex={tab === active ? 0 : -1}
            onClick={() => select(tab)}
            className={`${TAB_CLASS} ${tab === active ? ACTIVE : INACTIVE}`}
          >
            {labels[tab]}
          </button>
        ))}
      </div>
      {SELL_TABS.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={`sell-panel-${tab}`}
          aria-labelledby={`sell-tab-${tab}`}
          tabIndex={0}
          hidden={tab !== active}
          className="rounded-b-lg bg-white p-4 focus-visible:outline-2 focus-visible:outline-blue-700 sm:p-6"
        >
          <h2 className="sr-only">{labels[tab]}</h2>
          {panels[tab]}
        </div>
      ))}
    </>
  );
}
