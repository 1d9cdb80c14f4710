/**
 * Data saver ("Ahorro de datos", docs/decisions/014-data-saver.md): whether a
 * request gets the light pages. The shopper's choice in the settings menu (the `data_saver` cookie,
 * `on` or `off`) wins; without a choice, the browser's `Save-Data: on` turns it on.
 *
 * Browser-safe and dependency-free: the root loader, the page cache's key and the settings form
 * all read it here.
 */
export const DATA_SAVER_COOKIE = "data_saver";

export type DataSaverChoice = "on" | "off";

export const isDataSaverChoice = (value: unknown): value is DataSaverChoice => value === "on" || value === "off";

/** On or off, from the cookie's value (null when absent) and the `Save-Data` request header. */
export function dataSaverOn(cookie: string | null, saveData: string | null): boolean {
  if (isDataSaverChoice(cookie)) return cookie === "on";
  return saveData?.trim().toLowerCase() === "on";
}

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** `Set-Cookie` for the choice: whole site, one year, SameSite=Lax, like the currency's. */
export function serializeDataSaverCookie(choice: DataSaverChoice, secure: boolean): string {
  return `${DATA_SAVER_COOKIE}=${choice}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
