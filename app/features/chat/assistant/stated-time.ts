/**
 * The time of day a shopper states ('son las 4 y media', 'ya pasaron las 2', 'at 3pm', 'a las
 * 13:30', 'half past one'), read with the words of vocabulary/*.json (decision “Shipping price and the express cut-off”): the
 * express cut-off is judged at that time and the reply never contradicts it. A bare number is an
 * hour only when a word places it ('a las', 'at', 'after') or am/pm follows; a number followed by
 * a unit ('after 2 days') is a quantity. An hour from 1 to 7 without am/pm is in the afternoon
 * (nobody shops for express at 3 in the morning); 8 to 11 in the morning. Pure.
 */
import { fold } from "./text";
import { type TimeWords, VOCABULARY } from "./vocabulary";

export type StatedTime = { hour: number; minute: number };

/** Folded tokens: 'hh:mm' kept whole, numbers and words apart ('3pm' is '3', 'pm'). */
function tokens(text: string): string[] {
  return fold(text).match(/\d{1,2}:\d{2}|\d+|\p{L}+/gu) ?? [];
}

/** Whether the phrase (words) ends at index `end` (exclusive) of the tokens. */
function endsAt(tok: readonly string[], end: number, phrase: string): boolean {
  const parts = phrase.split(" ");
  const start = end - parts.length;
  return start >= 0 && parts.every((p, i) => tok[start + i] === p);
}

/** Whether the phrase starts at index `start` of the tokens; returns its length, or 0. */
function startsAt(tok: readonly string[], start: number, phrases: readonly string[]): number {
  for (const phrase of phrases) {
    const parts = phrase.split(" ");
    if (parts.every((p, i) => tok[start + i] === p)) return parts.length;
  }
  return 0;
}

function hourOf(token: string | undefined, words: TimeWords): number | null {
  if (token === undefined) return null;
  if (/^\d{1,2}$/.test(token)) {
    const n = Number(token);
    return n <= 24 ? n : null;
  }
  return words.numbers[token] ?? null;
}

function minutesOf(token: string | undefined, words: TimeWords): number | null {
  if (token === undefined) return null;
  if (/^\d{1,2}$/.test(token)) {
    const n = Number(token);
    return n < 60 ? n : null;
  }
  return words.minutes[token] ?? null;
}

/** 24-hour clock from an hour as said: am/pm when given, else the shop-hours guess. */
function clock(hour: number, minute: number, period: "am" | "pm" | null): StatedTime {
  let h = hour;
  if (period === "pm" && h < 12) h += 12;
  else if (period === "am" && h === 12) h = 0;
  else if (period === null && h >= 1 && h <= 7) h += 12;
  return { hour: h % 24, minute };
}

function readWith(tok: readonly string[], words: TimeWords): StatedTime | null {
  for (let i = 0; i < tok.length; i++) {
    const t = tok[i];
    if (startsAt(tok, i, words.noon)) return { hour: 12, minute: 0 };
    if (startsAt(tok, i, words.midnight)) return { hour: 0, minute: 0 };

    // 'half past four', 'quarter to three': minutes first.
    const leading = words.minutes[t];
    if (leading !== undefined && !/^\d/.test(t)) {
      const sign = words.plus.includes(tok[i + 1]) ? 1 : words.minus.includes(tok[i + 1]) ? -1 : 0;
      const h = sign === 0 ? null : hourOf(tok[i + 2], words);
      if (h !== null && !words.units.includes(tok[i + 3])) {
        const period = periodAt(tok, i + 3, words);
        return sign > 0 ? clock(h, leading, period) : clock(h === 1 ? 12 : h - 1, 60 - leading, period);
      }
    }

    let hour: number | null;
    let minute = 0;
    let next = i + 1;
    const colon = /^(\d{1,2}):(\d{2})$/.exec(t);
    if (colon) {
      hour = Number(colon[1]);
      minute = Number(colon[2]);
      if (hour > 24 || minute > 59) continue;
    } else {
      hour = hourOf(t, words);
      if (hour === null) continue;
    }
    if (!colon) {
      // '4 y media', '3 menos cuarto', '4 y 10'.
      const sign = words.plus.includes(tok[next]) ? 1 : words.minus.includes(tok[next]) ? -1 : 0;
      const m = sign === 0 ? null : minutesOf(tok[next + 1], words);
      if (m !== null && !words.units.includes(tok[next + 2])) {
        if (sign > 0) minute = m;
        else {
          hour = hour === 1 ? 12 : hour - 1;
          minute = 60 - m;
        }
        next += 2;
      }
    }
    const period = periodAt(tok, next, words);
    if (period === null && words.units.includes(tok[next])) continue;
    const placed = words.before.some((phrase) => endsAt(tok, i, phrase));
    if (colon || period !== null || placed) return clock(hour, minute, colon && hour > 12 ? null : period);
  }
  return null;
}

function periodAt(tok: readonly string[], at: number, words: TimeWords): "am" | "pm" | null {
  if (startsAt(tok, at, words.pm)) return "pm";
  if (startsAt(tok, at, words.am)) return "am";
  return null;
}

/** Whether the message says its time is the time of a place abroad ('aquí en CDMX', 'here in Madrid', 'hora de España'). */
function timeAbroad(tok: readonly string[]): boolean {
  return VOCABULARY.time.some((words) =>
    tok.some((_, i) => {
      const said = startsAt(tok, i, words.here);
      return said > 0 && startsAt(tok, i + said, words.abroad) > 0;
    }),
  );
}

/**
 * The time of day the message states, in either language, or null. A time said to be the clock of
 * a place abroad is not Havana's: the store's clock counts then.
 */
export function statedTime(message: string): StatedTime | null {
  const tok = tokens(message);
  if (timeAbroad(tok)) return null;
  for (const words of VOCABULARY.time) {
    const found = readWith(tok, words);
    if (found) return found;
  }
  return null;
}

/** 'HH:MM' as the replies write a time. */
export function formatTime(t: StatedTime): string {
  return `${t.hour}:${String(t.minute).padStart(2, "0")}`;
}
