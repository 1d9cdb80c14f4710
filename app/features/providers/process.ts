/**
 * The seller programme's steps and timeframes in words (§4.7, §9), from the figures of
 * `features/content/policy.ts`: the page, the success message and both emails say the same.
 * Browser-safe.
 */
import { PROVIDER_PROCESS } from "~/features/content/policy";
import type { TFunction } from "~/i18n/i18n";

export type ProcessStep = (typeof PROVIDER_PROCESS)[number];
export type ProcessStepName = ProcessStep["step"];

export function processStep(name: ProcessStepName): ProcessStep {
  const step = PROVIDER_PROCESS.find((s) => s.step === name);
  if (!step) throw new Error(`Unknown provider process step ${name}`);
  return step;
}

/** '2 a 5 días hábiles' / '2 to 5 business days' for one step of the process. */
export function formatTimeframe(t: TFunction, step: ProcessStep | ProcessStepName): string {
  const s = typeof step === "string" ? processStep(step) : step;
  return t(`sell.time.${s.unit}`, { min: s.min, max: s.max });
}

/** The review step's bounds (the form's intro, the success message). */
export const REVIEW_STEP = processStep("review");
