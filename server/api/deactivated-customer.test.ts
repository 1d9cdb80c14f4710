import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { emailOutbox } from "~/db/schema/outbox";
import {
  type User,
  getUserForToken,
  hashPassword,
  issueTokens,
  requestPasswordReset,
} from "~/features/accounts/accounts.server";
import { setCustomerDeactivated } from "~/features/accounts/customers.server";
import { resolveSession } from "~/features/accounts/session.server";
import { action as loginAction } from "~/routes/login";
import type { Env } from "~/utils/env.server";
import { insertUser } from "../../tests/factories";
import { type OidcMock, startOidcProvider } from "../../tests/mocks/oidc";
import { createTestContext, createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";

// Issue 27 point 5: a customer the store deactivated signs in nowhere (the sign-in page, the
// API's jwt/create, Google), gets no reset link, and their open sessions stop at once; whoever
// does not know the password is not told the account exists. Reactivated, they sign in again.

const PASSWORD = "Guayaba-Dulce-2026";
const PUBLIC_URL = "http://localhost:3000";
const DEACTIVATED = {
  es: "Esta cuenta está desactivada. Si crees que es un error, contacta con la tienda.",
  en: "This account has been deactivated. If you think this is a mistake, please contact the store.",
};
const NO_ACTIVE = "No hay ninguna cuenta activa con esos datos.";

describe.each(databaseKinds())("a deactivated customer (issue 27 point 5) on %s", (kind) => {
  let database: Database;
  let db: Db;
  let env: Env;
  let app: Hono;
  let oidc: OidcMock;
  let shopper: User;
  const owner = { id: null, email: "cli:test", role: "cli" };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    oidc = await startOidcProvider();
    env = createTestEnv({ PUBLIC_URL, AUTH_RATE_LIMIT: "1000", ...oidc.env });
    app = createServerApp({ db, env });
    shopper = (await insertUser(db, {
      email: "yanet@example.cu",
      firstName: "Yanet",
      passwordHash: await hashPassword(PASSWORD),
    })) as User;
  });
  afterAll(async () => {
    await database?.close();
    await oidc?.close();
  });

  /** One request through the whole server stack, from a client address (what the rate limits key on). */
  const request = (path: string, init: RequestInit = {}) =>
    app.request(new Request(`http://localhost${path}`, init), undefined, {
      incoming: { socket: { remoteAddress: "10.9.8.7", remotePort: 40000, remoteFamily: "IPv4" } },
    });
  const apiSignIn = (email: string, password: string, lang = "es") =>
    request(`/auth/jwt/create/?lang=${lang}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
  const pageSignIn = async (lang: "es" | "en", password: string) => {
    const request = new Request(`http://localhost/${lang}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: shopper.email, password }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    return loginAction({ request, params: { lang }, context: createTestContext({ db, env }) } as never);
  };
  const googleSignIn = async () => {
    oidc.setIdentity({ sub: "google-yanet", email: shopper.email, email_verified: true, given_name: "Yanet" });
    const start = await request(
      `/auth/o/google-oauth2/?redirect_uri=${encodeURIComponent(`${PUBLIC_URL}/es/auth/social-callback`)}`,
    );
    const { authorization_url } = (await start.json()) as { authorization_url: string };
    const { code, state } = await oidc.authorize(authorization_url);
    return request(`/auth/o/google-oauth2/?state=${encodeURIComponent(state)}&code=${encodeURIComponent(code)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
  };
  const cookieRequest = (tokens: { access: string; refresh: string }) =>
    new Request("http://localhost/es/", { headers: { Cookie: `access=${tokens.access}; refresh=${tokens.refresh}` } });

  it("is refused everywhere while deactivated, sessions included, and signs in again once reactivated", async () => {
    // Signed in before: on the web (cookies) and through the API (a bearer token).
    const web = await issueTokens({ db, env }, shopper);
    const api = (await (await apiSignIn(shopper.email, PASSWORD)).json()) as { access: string; refresh: string };
    expect((await resolveSession({ db, env }, cookieRequest(web))).user?.id).toBe(shopper.id);
    const google = await googleSignIn();
    expect(google.status).toBe(201);

    expect(await setCustomerDeactivated(db, owner, shopper.id, true)).toMatchObject({ ok: true, changed: true });

    // Open sessions stop on their next request: page cookies, API tokens, refresh.
    const session = await resolveSession({ db, env }, cookieRequest(web));
    expect(session.user).toBeNull();
    expect(session.setCookies.some((c) => c.startsWith("access=;"))).toBe(true);
    expect(await getUserForToken({ db, env }, api.access, "access")).toBeNull();
    const me = await request("/auth/users/me/", { headers: { authorization: `JWT ${api.access}` } });
    expect(me.status).toBe(401);
    const refreshed = await request("/auth/jwt/refresh/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh: api.refresh }),
    });
    expect(refreshed.status).toBe(401);

    // The right password: told, in the request's language, on the page and the API.
    for (const lang of ["es", "en"] as const) {
      const res = await apiSignIn(shopper.email, PASSWORD, lang);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: DEACTIVATED[lang] });
    }
    const page = (await pageSignIn("es", PASSWORD)) as { data: { formError?: string }; init: ResponseInit };
    expect(page.init.status).toBe(400);
    expect(page.data.formError).toBe("accounts.errors.deactivated");

    // A wrong password: the same answer as for anyone else, nothing about the account.
    const wrong = await apiSignIn(shopper.email, "not-the-password-1");
    expect(await wrong.json()).toEqual({ detail: NO_ACTIVE });
    const wrongPage = (await pageSignIn("en", "not-the-password-1")) as { data: { formError?: string } };
    expect(wrongPage.data.formError).toBe("accounts.login.failed");

    // Google: the linked account is refused with the message, and no account is made.
    const refused = await googleSignIn();
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ non_field_errors: [DEACTIVATED.es] });

    // A password reset sends no link (the answer is the same 204 as for anyone).
    await db.delete(emailOutbox);
    const reset = await request("/auth/users/reset_password/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: shopper.email }),
    });
    expect(reset.status).toBe(204);
    await requestPasswordReset({ db, env }, shopper.email);
    expect(await db.select().from(emailOutbox)).toEqual([]);

    // Reactivated: signs in again with the password and with Google; the old sessions stay ended.
    expect(await setCustomerDeactivated(db, owner, shopper.id, false)).toMatchObject({ ok: true, changed: true });
    const back = await apiSignIn(shopper.email, PASSWORD);
    expect(back.status).toBe(200);
    const fresh = (await back.json()) as { access: string };
    expect((await getUserForToken({ db, env }, fresh.access, "access"))?.user.id).toBe(shopper.id);
    expect(((await pageSignIn("en", PASSWORD)) as Response).status).toBe(303);
    expect((await googleSignIn()).status).toBe(201);
    expect((await resolveSession({ db, env }, cookieRequest(web))).user).toBeNull();
    expect(await getUserForToken({ db, env }, api.access, "access")).toBeNull();
    const [row] = await db.select().from(users).where(eq(users.id, shopper.id));
    expect(row.deactivatedAt).toBeNull();
    expect(row.isActive).toBe(true);
  });
});
