/** The store's time zone: Havana (D15's express cut-off and the operator's "today"). */
export const STORE_TIME_ZONE = "America/Havana";

/** The calendar date in Havana as YYYY-MM-DD, whatever the server's zone. */
const havanaDateFormat = new Intl.DateTimeFormat("en-CA", { timeZone: STORE_TIME_ZONE });

export function havanaDate(now: Date = new Date()): string {
  return havanaDateFormat.format(now);
}
