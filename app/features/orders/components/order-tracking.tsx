import { CheckIcon } from "~/components/icons";
import type { TranslationKey } from "~/i18n/i18n";
import { useT } from "~/i18n/use-t";
import type { StepState, TrackStep } from "../order-page-view";
import { CARD, statusKey } from "./order-ui";

const DOT: Record<StepState, string> = {
  done: "border-green-700 bg-green-700 text-white",
  current: "border-blue-800 bg-blue-800 text-white",
  upcoming: "border-slate-400 bg-white text-slate-400",
};

/** §2.15 track: the status history as an ordered list, the current step marked. */
export function OrderTracking({ steps }: { steps: TrackStep[] }) {
  const t = useT();
  return (
    <section id="order-tracking" aria-labelledby="order-tracking-heading" className={`${CARD} scroll-mt-4`}>
      <h3 id="order-tracking-heading" className="text-lg font-semibold text-slate-900">
        {t("orders.page.tracking")}
      </h3>
      <ol className="mt-3">
        {steps.map((step, i) => {
          const cancelled = step.status === "cancelled";
          const dot = cancelled ? "border-red-700 bg-red-700 text-white" : DOT[step.state];
          return (
            <li
              key={step.status}
              aria-current={step.state === "current" ? "step" : undefined}
              data-state={step.state}
              className="relative flex gap-3 pb-5 last:pb-0"
            >
              {i < steps.length - 1 && (
                <span
                  aria-hidden="true"
                  className={`absolute top-7 left-[13px] h-[calc(100%-1.75rem)] w-0.5 ${step.state === "done" ? "bg-green-700" : "bg-slate-300"}`}
                />
              )}
              <span
                aria-hidden="true"
                className={`relative flex size-7 shrink-0 items-center justify-center rounded-full border-2 ${dot}`}
              >
                {step.state === "done" ? (
                  <CheckIcon size={16} />
                ) : step.state === "current" ? (
                  <span className="size-2.5 rounded-full bg-white" />
                ) : null}
              </span>
              <div className="min-w-0 pt-0.5">
                <p className={`font-semibold ${step.state === "upcoming" ? "text-slate-600" : "text-slate-900"}`}>
                  {t(statusKey(step.status))}
                  <span className="sr-only"> ({t(`orders.page.step.${step.state}` as TranslationKey)})</span>
                </p>
                <p className="text-sm text-slate-700">
                  {step.date && step.iso ? (
                    <time dateTime={step.iso}>{step.date}</time>
                  ) : (
                    t("orders.page.step.upcomingDate")
                  )}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
