/**
 * A real OpenID provider on loopback standing in for Google (docs/style.md: Google sign-in runs against
 * a real OpenID server started on loopback). The app reaches it through `GOOGLE_ISSUER` over plain
 * http, exactly as it reaches Google in production.
 */
import { OAuth2Server } from "oauth2-mock-server";

export type GoogleIdentity = {
  sub: string;
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
};

export type OidcMock = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The env variables that point the app at this provider. */
  env: { GOOGLE_ISSUER: string; GOOGLE_CLIENT_ID: string; GOOGLE_CLIENT_SECRET: string };
  /** The identity the next tokens are issued for (every token until changed). */
  setIdentity: (identity: GoogleIdentity) => void;
  /**
   * The browser's part: follows `authorizationUrl` to the provider without following its redirect,
   * and returns the `code` and `state` of the redirect back to the app.
   */
  authorize: (authorizationUrl: string) => Promise<{ code: string; state: string; location: URL }>;
  server: OAuth2Server;
  close: () => Promise<void>;
};

export async function startOidcProvider(opts: { clientId?: string; clientSecret?: string } = {}): Promise<OidcMock> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const issuer = server.issuer.url;
  if (!issuer) throw new Error("The OpenID mock has no issuer URL");
  const clientId = opts.clientId ?? "tienda-test-client";
  const clientSecret = opts.clientSecret ?? "tienda-test-secret";

  let identity: GoogleIdentity = { sub: "google-sub-1", email: "ana.google@example.com", email_verified: true };
  server.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, {
      sub: identity.sub,
      email: identity.email,
      email_verified: identity.email_verified ?? true,
      given_name: identity.given_name ?? "",
      family_name: identity.family_name ?? "",
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    env: { GOOGLE_ISSUER: issuer, GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret },
    setIdentity: (next) => {
      identity = next;
    },
    async authorize(authorizationUrl) {
      const res = await fetch(authorizationUrl, { redirect: "manual" });
      const header = res.headers.get("location");
      await res.body?.cancel();
      if (res.status < 300 || res.status >= 400 || !header) {
        throw new Error(`The provider did not redirect (status ${res.status})`);
      }
      const location = new URL(header, authorizationUrl);
      const code = location.searchParams.get("code");
      const state = location.searchParams.get("state");
      if (!code || !state) throw new Error(`No code or state in ${location.href}`);
      return { code, state, location };
    },
    server,
    close: () => server.stop(),
  };
}
