import type { ReactNode } from "react";
import { CheckIcon, HeadsetIcon, ShieldCheckIcon, StoreIcon, TruckIcon } from "~/components/icons";
import {
  EXPRESS_CUTOFF,
  MIN_WARRANTY_DAYS,
  PROVIDER_PROCESS,
  STANDARD_DELIVERY_DAYS,
  WAREHOUSE_MIN_COMMITMENT_MONTHS,
} from "~/features/content/policy";
import type { TFunction, TranslationKey } from "~/i18n/i18n";
import { formatTimeframe } from "../process";
import type { SellTab } from "./sell-tabs";

function Checklist({ items }: { items: string[] }) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <CheckIcon size={18} className="mt-0.5 shrink-0 text-emerald-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The local and warehouse columns of the requirements and models tabs. */
function TwoTypes({ t, local, warehouse }: { t: TFunction; local: ReactNode; warehouse: ReactNode }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {(
        [
          ["local", local],
          ["warehouse", warehouse],
        ] as const
      ).map(([type, body]) => (
        <div key={type} className="rounded-lg border border-slate-200 p-4">
          <h3 className="mb-3 flex items-center gap-2 text-lg font-bold text-slate-900">
            {type === "local" ? <StoreIcon className="text-blue-800" /> : <TruckIcon className="text-blue-800" />}
            {t(`sell.type.${type}`)}
          </h3>
          {body}
        </div>
      ))}
    </div>
  );
}

const BENEFITS = [
  { id: "reach", Icon: StoreIcon },
  { id: "delivery", Icon: TruckIcon },
  { id: "cash", Icon: CheckIcon },
  { id: "support", Icon: HeadsetIcon },
  { id: "setup", Icon: ShieldCheckIcon },
] as const;

/** The five panels of §2.19, their figures from policy.ts (never written in the texts). */
export function sellPanels(t: TFunction): Record<SellTab, ReactNode> {
  const months = { count: WAREHOUSE_MIN_COMMITMENT_MONTHS };
  const warranty = { days: MIN_WARRANTY_DAYS };
  return {
    overview: (
      <div className="space-y-4">
        <h3 className="text-xl font-bold text-slate-900">{t("sell.overview.title")}</h3>
        <p>{t("sell.overview.text")}</p>
        <dl className="grid gap-4 md:grid-cols-2">
          {(["local", "warehouse"] as const).map((type) => (
            <div key={type} className="rounded-lg border border-slate-200 p-4">
              <dt className="font-bold text-slate-900">{t(`sell.type.${type}`)}</dt>
              <dd className="mt-1">{t(`sell.overview.${type}`)}</dd>
            </div>
          ))}
        </dl>
        <p>{t("sell.overview.approval")}</p>
      </div>
    ),
    requirements: (
      <TwoTypes
        t={t}
        local={
          <Checklist
            items={[
              t("sell.requirements.license"),
              t("sell.requirements.local.premises"),
              t("sell.requirements.local.reachable"),
              t("sell.requirements.products", warranty),
            ]}
          />
        }
        warehouse={
          <Checklist
            items={[
              t("sell.requirements.license"),
              t("sell.requirements.warehouse.commitment", months),
              t("sell.requirements.warehouse.delivery"),
              t("sell.requirements.products", warranty),
            ]}
          />
        }
      />
    ),
    models: (
      <TwoTypes
        t={t}
        local={
          <>
            <p className="mb-3">{t("sell.models.local.text")}</p>
            <Checklist items={[1, 2, 3].map((n) => t(`sell.models.local.${n}` as TranslationKey))} />
          </>
        }
        warehouse={
          <>
            <p className="mb-3">{t("sell.models.warehouse.text")}</p>
            <Checklist items={[1, 2, 3].map((n) => t(`sell.models.warehouse.${n}` as TranslationKey))} />
          </>
        }
      />
    ),
    benefits: (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {BENEFITS.map(({ id, Icon }) => (
          <li key={id} className="flex gap-3 rounded-lg border border-slate-200 p-4">
            <Icon size={24} className="mt-0.5 shrink-0 text-blue-800" />
            <div>
              <h3 className="font-bold text-slate-900">{t(`sell.benefits.${id}.title`)}</h3>
              <p className="mt-1">
                {t(`sell.benefits.${id}.text`, {
                  min: STANDARD_DELIVERY_DAYS.min,
                  max: STANDARD_DELIVERY_DAYS.max,
                  cutoff: EXPRESS_CUTOFF,
                })}
              </p>
            </div>
          </li>
        ))}
      </ul>
    ),
    process: (
      <ol className="space-y-4">
        {PROVIDER_PROCESS.map((step, index) => (
          <li key={step.step} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-blue-900 font-bold text-white"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-bold text-slate-900">{t(`sell.process.${step.step}.title`)}</h3>
              <p>{t(`sell.process.${step.step}.text`)}</p>
              <p className="mt-1 text-sm font-semibold text-slate-700">
                {t("sell.process.time", { time: formatTimeframe(t, step) })}
              </p>
            </div>
          </li>
        ))}
      </ol>
    ),
  };
}
