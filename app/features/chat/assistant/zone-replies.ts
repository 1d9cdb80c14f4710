/**
 * The first sentence of a delivery-area reply when the question names a place
 * ('¿entregan en Guanabacoa?'): what the store's delivery zones say of it (zones.server.ts). Pure.
 */
import type { Language } from "~/i18n/languages";

/** What the store's delivery zones say of a municipality or a province (zones.server.ts). */
export type ZoneFact =
  | {
      kind: "municipality";
      name: string;
      province: string;
      state: "open" | "paused" | "notServed";
      reason: string;
      minDays: number;
      maxDays: number;
      express: boolean;
      minOrder: string | null;
    }
  | { kind: "province"; province: string; served: number; total: number; paused: string[] };

/** The zone's answer, first in a delivery-area reply. */
export function zoneSentence(zone: ZoneFact, lang: Language): string {
  const es = lang === "es";
  if (zone.kind === "province") {
    const paused =
      zone.paused.length > 0
        ? es
          ? `; en pausa ahora: ${zone.paused.join(", ")}`
          : `; paused now: ${zone.paused.join(", ")}`
        : "";
    return es
      ? `En ${zone.province} entregamos en ${zone.served} de sus ${zone.total} municipios${paused}.`
      : `In ${zone.province} we deliver to ${zone.served} of its ${zone.total} municipalities${paused}.`;
  }
  if (zone.state === "paused")
    return es
      ? `Ahora mismo la entrega en ${zone.name} (${zone.province}) está en pausa: ${zone.reason}.`
      : `Delivery to ${zone.name} (${zone.province}) is paused right now: ${zone.reason}.`;
  if (zone.state === "notServed")
    return es
      ? `Por ahora no entregamos en ${zone.name} (${zone.province}).`
      : `We do not deliver to ${zone.name} (${zone.province}) yet.`;
  const express = es
    ? zone.express
      ? ", con entrega express"
      : ", sin entrega express"
    : zone.express
      ? ", express available"
      : ", no express";
  const minimum = zone.minOrder
    ? es
      ? `; pedido mínimo ${zone.minOrder} en productos`
      : `; minimum order ${zone.minOrder} of goods`
    : "";
  return es
    ? `Sí, entregamos en ${zone.name} (${zone.province}): de ${zone.minDays} a ${zone.maxDays} días hábiles${express}${minimum}.`
    : `Yes, we deliver to ${zone.name} (${zone.province}): ${zone.minDays} to ${zone.maxDays} business days${express}${minimum}.`;
}

/** The answers of every place named, in the order the question names them. */
export const zoneSentences = (zones: readonly ZoneFact[], lang: Language): string =>
  zones.map((zone) => zoneSentence(zone, lang)).join(" ");
