/** The store's time zone: Havana (decision “Shipping price and the express cut-off”'s express cut-off and the operator's "today"). */
export const STORE_TIME_ZONE = "America/Havana";

/** The calendar date in Havana as YYYY-MM-DD, whatever the server's zone. */
const havanaDateFormat = new Intl.DateTimeFormat("en-CA", { timeZone: STORE_TIME_ZONE });

export function havanaDate(now: Date = new Date()): string {
  return havanaDateFormat.format(now);
}

const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: STORE_TIME_ZONE, timeZoneName: "longOffset" });

/** Minutes Havana is ahead of UTC at `instant` (negative: -300 in winter, -240 in summer). */
function havanaOffsetMinutes(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** The instant a Havana calendar day (YYYY-MM-DD) begins. */
export function havanaDayStart(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  const utcMidnight = Date.UTC(y, m - 1, d);
  // Havana is 4 or 5 hours behind: its midnight is at 04:00 or 05:00 UTC.
  const offset = havanaOffsetMinutes(new Date(utcMidnight + 5 * 3_600_000));
  return new Date(utcMidnight - offset * 60_000);
}

/** The Havana day `days` after (or before, negative) `day`. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
