/**
 * Whether express can still be chosen at the time that counts (decision “Shipping price and the
 * express cut-off”): the time the shopper states, else now; close to the cut-off, how long is left.
 */
import { EXPRESS_CUTOFF, STANDARD_DELIVERY_DAYS } from "~/features/content/policy";
import type { Language } from "~/i18n/languages";
import type { Facts } from "./facts";

const hour = EXPRESS_CUTOFF;
const days = `${STANDARD_DELIVERY_DAYS.min}`;
const daysMax = `${STANDARD_DELIVERY_DAYS.max}`;

/** Close to the cut-off, how long is left ('45 minutos', '1 h 15 min'); nothing earlier in the day. */
const LEFT_SAID_WITHIN = 120;
function timeLeft(f: Facts, lang: Language): string {
  const m = f.expressMinutesLeft;
  if (!f.expressOpenNow || m === undefined || m > LEFT_SAID_WITHIN) return "";
  const span =
    m < 60
      ? `${m} ${lang === "es" ? "minuto" : "minute"}${m === 1 ? "" : "s"}`
      : `${Math.floor(m / 60)} h${m % 60 > 0 ? ` ${m % 60} min` : ""}`;
  return lang === "es" ? ` ${m === 1 ? "Te queda" : "Te quedan"} ${span}.` : ` You have ${span} left.`;
}

/** Whether express can be chosen at the time that counts (the shopper's, else now), in Spanish. */
export function expressNowEs(f: Facts, about: "express" | "delivery"): string {
  return expressOpenEs(f, about) + timeLeft(f, "es");
}

function expressOpenEs(f: Facts, about: "express" | "delivery"): string {
  if (f.statedTime) {
    return f.expressOpenNow
      ? ` A las ${f.statedTime} todavía llegas: puedes elegir express si confirmas el pedido antes de las ${hour}.`
      : ` A las ${f.statedTime} ya no se puede elegir express (el corte es a las ${hour}): te queda la entrega estándar (de ${days} a ${daysMax} días hábiles), o pedir express mañana antes de las ${hour}.`;
  }
  if (about === "express") {
    return f.expressOpenNow
      ? " Ahora mismo todavía puedes elegirla."
      : ` Ahora mismo ya no se puede elegir: te queda la entrega estándar (de ${days} a ${daysMax} días hábiles), o pedir express mañana antes de las ${hour}.`;
  }
  return f.expressOpenNow
    ? " Ahora mismo todavía puedes pedir express."
    : ` Ahora mismo el express no está disponible: te queda la entrega estándar, o pedir express mañana antes de las ${hour}.`;
}

/** Whether express can be chosen at the time that counts (the shopper's, else now), in English. */
export function expressNowEn(f: Facts, about: "express" | "delivery"): string {
  return expressOpenEn(f, about) + timeLeft(f, "en");
}

function expressOpenEn(f: Facts, about: "express" | "delivery"): string {
  if (f.statedTime) {
    return f.expressOpenNow
      ? ` At ${f.statedTime} you are in time: you can choose express if you confirm the order before ${hour}.`
      : ` At ${f.statedTime} express can no longer be chosen (the cut-off is ${hour}): standard delivery (${days} to ${daysMax} business days) remains an option, or order express tomorrow before ${hour}.`;
  }
  if (about === "express") {
    return f.expressOpenNow
      ? " Right now you can still choose it."
      : ` Right now it cannot be chosen: standard delivery (${days} to ${daysMax} business days) remains an option, or order express tomorrow before ${hour}.`;
  }
  return f.expressOpenNow
    ? " Right now you can still order express."
    : ` Right now express is closed: standard delivery remains an option, or order express tomorrow before ${hour}.`;
}
