/**
 * One-shot messages that survive a redirect (§4.9 alerts: 'Successfully logged out', 'Inicio de
 * sesión con éxito'...). An action sets a short-lived HttpOnly cookie naming a translation key; the
 * root loader reads it, clears it and hands it to the page, so the alert shows without JavaScript.
 */
import { readCookie } from "~/utils/cookies";
import { isSecureRequest } from "./session.server";

export const FLASH_COOKIE = "flash";
/** Long enough for a redirect on a slow connection, short enough not to surprise later. */
const FLASH_MAX_AGE_SECONDS = 120;

export type FlashTone = "success" | "error" | "info";
export type Flash = { key: string; tone: FlashTone; values?: Record<string, string>; id: string };

const TONES = new Set<FlashTone>(["success", "error", "info"]);

function cookie(value: string, maxAge: number, request: Request) {
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${isSecureRequest(request) ? "; Secure" : ""}`;
}

/** `Set-Cookie` that shows `key` (a translation key) on the next page. */
export function flashCookie(
  request: Request,
  key: string,
  tone: FlashTone = "success",
  values?: Record<string, string>,
): string {
  return cookie(encodeURIComponent(JSON.stringify({ key, tone, values })), FLASH_MAX_AGE_SECONDS, request);
}

export const clearFlashCookie = (request: Request) => cookie("", 0, request);

/** The pending message, or null. A cookie that is not ours (forged, garbled) is ignored. */
export function readFlash(request: Request): Flash | null {
  const raw = readCookie(request, FLASH_COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Flash>;
    if (typeof parsed.key !== "string" || !/^[\w.]{1,100}$/.test(parsed.key)) return null;
    const tone = TONES.has(parsed.tone as FlashTone) ? (parsed.tone as FlashTone) : "info";
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(parsed.values ?? {})) {
      if (typeof value === "string" && /^\w{1,20}$/.test(name)) values[name] = value.slice(0, 200);
    }
    // A new id per read, so the same message twice in a row shows twice.
    return { key: parsed.key, tone, values, id: Math.random().toString(36).slice(2) };
  } catch {
    return null;
  }
}
