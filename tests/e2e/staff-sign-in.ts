/**
 * Staff sign-in for e2e specs (decision 017): password, then the second factor, with real codes
 * computed by the TOTP library from the secret the enrol page shows. The first sign-in of an
 * account enrols it and keeps its secret in a file under the app server's DATA_DIR (wiped with the
 * database at each start), so every Playwright worker can compute codes for it later.
 *
 * Replay protection accepts one code per 30-second step and account, so workers signing in the same
 * account would queue behind the clock: a verified session's cookies are kept beside the secret and
 * reused (checked first: a session that was signed out, or whose two-factor was reset, is replaced
 * by a fresh sign-in). Codes are computed against the server's clock (its `Date` header), so a
 * server with a fake clock (tests/e2e/fake-clock.mjs) works too.
 */
import fs from "node:fs";
import path from "node:path";
import { type APIResponse, type Page, expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { type Lang, signInShopper } from "./support";

const DATA_DIR = process.env.E2E_DATA_DIR ?? "/tmp/tienda-e2e-data";
const SAME_ORIGIN = { "Sec-Fetch-Site": "same-origin" };

type Who = { email: string; password: string };
type Saved = { secret?: string; cookies?: Array<{ name: string; value: string }> };

const fileOf = (email: string, dataDir: string) =>
  path.join(dataDir, "e2e-totp", `${email.replace(/[^a-z0-9@._-]/gi, "_")}.json`);

export function readSaved(email: string, dataDir = DATA_DIR): Saved {
  try {
    return JSON.parse(fs.readFileSync(fileOf(email, dataDir), "utf8")) as Saved;
  } catch {
    return {};
  }
}

function save(email: string, patch: Saved, dataDir = DATA_DIR) {
  const file = fileOf(email, dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(tmp, JSON.stringify({ ...readSaved(email, dataDir), ...patch }));
  fs.renameSync(tmp, file);
}

/** The code of `secret` for `step` steps after the server's time of `res`, with the TOTP library. */
export function codeAt(secret: string, serverTime: number, step = 0): string {
  return new TOTP({
    secret: Secret.fromBase32(secret.replace(/\s/g, "")),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  }).generate({
    timestamp: serverTime + step * 30_000,
  });
}

/** The server's clock, from an answer's `Date` header (second precision), else ours. */
export const serverTimeOf = (res: APIResponse) => {
  const date = Date.parse(res.headers()["date"] ?? "");
  return Number.isNaN(date) ? Date.now() : date + 500;
};

/** The base32 secret the enrol page shows (its read-only field). */
export function secretFromHtml(html: string): string | null {
  const input = /<input[^>]*id="totp-secret"[^>]*>/.exec(html)?.[0];
  return input ? (/value="([A-Z2-7 ]+)"/.exec(input)?.[1]?.replace(/ /g, "") ?? null) : null;
}

/** Whether `page`'s context already has a session that opens the back office. */
async function openedBackOffice(page: Page, lang: Lang): Promise<boolean> {
  const res = await page.request.get(`/${lang}/admin`, { maxRedirects: 0 });
  return res.status() === 200;
}

/**
 * Passes the second factor for the signed-in staff member in `page`'s context: enrols on the first
 * visit (saving the secret), else enters a code from the saved secret; returns when the back office opens.
 */
export async function passTwoFactor(page: Page, email: string, lang: Lang = "es", dataDir = DATA_DIR) {
  for (let round = 0; round < 4; round++) {
    const res = await page.request.get(`/${lang}/two-factor/enrol`);
    const url = new URL(res.url());
    if (/\/admin\/?$/.test(url.pathname)) return;
    const now = serverTimeOf(res);
    const enrolling = url.pathname.endsWith("/two-factor/enrol");
    let secret: string | null | undefined;
    if (enrolling) {
      secret = secretFromHtml(await res.text());
      if (secret) save(email, { secret }, dataDir);
    } else {
      secret = readSaved(email, dataDir).secret;
    }
    expect(secret, `a two-factor secret for ${email} (enrolled outside this run's helper?)`).toBeTruthy();
    // The current step, else the next one (±1 is accepted): another worker may have used the current.
    for (const step of [0, 1]) {
      const post = await page.request.post(url.pathname, {
        form: { code: codeAt(secret as string, now, step), next: `/${lang}/admin` },
        headers: SAME_ORIGIN,
      });
      if (/\/admin\/?$/.test(new URL(post.url()).pathname)) return;
      // Enrolled: the page of recovery codes (200). A refused code is a 200 too, e.g. when another
      // worker enrolled the same account at the same moment: only an open back office tells.
      if (enrolling && post.status() === 200 && (await openedBackOffice(page, lang))) return;
    }
    // Both steps used by other sign-ins: wait for the server's next step.
    test.info().setTimeout(test.info().timeout + 35_000);
    await page.waitForTimeout(30_000 - (now % 30_000) + 500);
  }
  throw new Error(`Could not pass two-factor for ${email}`);
}

/**
 * Signs a staff member in in `page`'s context with the password and the second factor (see the
 * module's comment), reusing another worker's verified session of the same account when it works.
 */
export async function signInStaff(
  page: Page,
  who: Who,
  lang: Lang = "es",
  /** Another app server than the run's main one (its DATA_DIR and address). */
  server: { dataDir?: string; baseURL?: string } = {},
) {
  const dataDir = server.dataDir ?? DATA_DIR;
  const saved = readSaved(who.email, dataDir);
  if (saved.cookies?.length) {
    const base = server.baseURL ?? test.info().project.use.baseURL ?? "http://localhost:3000";
    await page.context().addCookies(saved.cookies.map((c) => ({ ...c, url: base })));
    if (await openedBackOffice(page, lang)) return who;
    await page.context().clearCookies({ name: /^(access|refresh)$/ });
  }
  await signInShopper(page, who, lang);
  await passTwoFactor(page, who.email, lang, dataDir);
  expect(await openedBackOffice(page, lang), "the back office opens after two-factor").toBe(true);
  const cookies = (await page.context().cookies()).filter((c) => c.name === "access" || c.name === "refresh");
  save(who.email, { cookies: cookies.map(({ name, value }) => ({ name, value })) }, dataDir);
  return who;
}
