import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ACCESS_LIFETIME_SECONDS,
  REFRESH_LIFETIME_SECONDS,
  sealData,
  signToken,
  unsealData,
  verifyToken,
} from "./tokens.server";

const SECRET = "test-secret-key-0123456789abcdef";
const USER = { id: 7, tokenVersion: 2 };
const SID = "0123456789abcdef0123456789abcdef";

/** Flips one character of the signature (the third segment) of a compact JWS. */
function tamperSignature(token: string): string {
  const [header, payload, signature] = token.split(".");
  const last = signature.at(-2) === "A" ? "B" : "A";
  return [header, payload, `${signature.slice(0, -2)}${last}${signature.at(-1)}`].join(".");
}

function payloadOf(token: string) {
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8")) as Record<string, unknown>;
}

describe("D6 JWT access and refresh tokens", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("D6 signs simplejwt-shaped tokens that verify with their claims", async () => {
    const access = await signToken(SECRET, "access", USER, SID);
    const claims = await verifyToken(SECRET, access, "access");
    expect(claims).toEqual({ userId: 7, version: 2, type: "access", expiresAt: expect.any(Number), sid: SID });
    const payload = payloadOf(access);
    expect(payload).toMatchObject({ token_type: "access", user_id: 7, ver: 2, sid: SID, jti: expect.any(String) });
    expect((payload.exp as number) - (payload.iat as number)).toBe(ACCESS_LIFETIME_SECONDS);
    const refresh = await signToken(SECRET, "refresh", USER, SID);
    const refreshPayload = payloadOf(refresh);
    expect((refreshPayload.exp as number) - (refreshPayload.iat as number)).toBe(REFRESH_LIFETIME_SECONDS);
    expect(await verifyToken(SECRET, refresh)).toMatchObject({ type: "refresh" });
  });

  it("D6 refuses a token of the other type (type confusion)", async () => {
    const access = await signToken(SECRET, "access", USER, SID);
    const refresh = await signToken(SECRET, "refresh", USER, SID);
    expect(await verifyToken(SECRET, access, "refresh")).toBeNull();
    expect(await verifyToken(SECRET, refresh, "access")).toBeNull();
  });

  it("D6 refuses an expired token", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-01-01T12:00:00Z"));
    const access = await signToken(SECRET, "access", USER, SID);
    vi.setSystemTime(new Date(Date.parse("2025-01-01T12:00:00Z") + (ACCESS_LIFETIME_SECONDS - 5) * 1000));
    expect(await verifyToken(SECRET, access, "access")).not.toBeNull();
    vi.setSystemTime(new Date(Date.parse("2025-01-01T12:00:00Z") + (ACCESS_LIFETIME_SECONDS + 5) * 1000));
    expect(await verifyToken(SECRET, access, "access")).toBeNull();
  });

  it("D6 refuses a tampered signature or payload, another secret and garbage", async () => {
    const access = await signToken(SECRET, "access", USER, SID);
    expect(await verifyToken(SECRET, tamperSignature(access), "access")).toBeNull();
    const [header, , signature] = access.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ ...payloadOf(access), user_id: 1 })).toString("base64url");
    expect(await verifyToken(SECRET, `${header}.${forgedPayload}.${signature}`, "access")).toBeNull();
    expect(await verifyToken("another-secret-0123456789abcdef", access, "access")).toBeNull();
    for (const garbage of ["", "abc", "a.b.c", "x".repeat(3000)]) {
      expect(await verifyToken(SECRET, garbage)).toBeNull();
    }
  });

  it("D6 refuses alg none and tokens without the expected claims", async () => {
    const unsigned = [
      Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url"),
      Buffer.from(JSON.stringify({ token_type: "access", user_id: 7, ver: 2, exp: 9_999_999_999 })).toString(
        "base64url",
      ),
      "",
    ].join(".");
    expect(await verifyToken(SECRET, unsigned, "access")).toBeNull();
    // Signed with the right key but missing the type or with a non-numeric user id.
    const key = new TextEncoder().encode(`jwt:${SECRET}`);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime("5m").sign(key);
    expect(
      await verifyToken(SECRET, await sign({ token_type: "access", user_id: 7, ver: 2, sid: SID }), "access"),
    ).not.toBeNull();
    // issue 9: a token without its session id could never be revoked by sign-out.
    expect(await verifyToken(SECRET, await sign({ token_type: "access", user_id: 7, ver: 2 }), "access")).toBeNull();
    expect(
      await verifyToken(SECRET, await sign({ token_type: "access", user_id: 7, ver: 2, sid: "x" }), "access"),
    ).toBeNull();
    expect(await verifyToken(SECRET, await sign({ user_id: 7, ver: 2 }), "access")).toBeNull();
    expect(await verifyToken(SECRET, await sign({ token_type: "id", user_id: 7, ver: 2 }))).toBeNull();
    expect(await verifyToken(SECRET, await sign({ token_type: "access", user_id: "7", ver: 2 }), "access")).toBeNull();
    expect(await verifyToken(SECRET, await sign({ token_type: "access", user_id: 7 }), "access")).toBeNull();
  });
});

describe("§7.5 sealed state (Google sign-in)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("§7.5 round-trips data that the browser cannot read", async () => {
    const sealed = await sealData(
      SECRET,
      { v: "verifier-123", r: "http://localhost:3000/es/auth/social-callback" },
      600,
    );
    expect(sealed).not.toContain("verifier-123");
    expect(Buffer.from(sealed.split(".")[3] ?? "", "base64url").toString("utf8")).not.toContain("verifier");
    expect(await unsealData(SECRET, sealed)).toMatchObject({ v: "verifier-123" });
  });

  it("§7.5 refuses tampered, foreign, expired or oversized state", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-01-01T12:00:00Z"));
    const sealed = await sealData(SECRET, { v: "x" }, 600);
    const parts = sealed.split(".");
    parts[3] = `${parts[3].slice(0, -2)}${parts[3].at(-2) === "A" ? "B" : "A"}${parts[3].at(-1)}`;
    expect(await unsealData(SECRET, parts.join("."))).toBeNull();
    expect(await unsealData("another-secret-0123456789abcdef", sealed)).toBeNull();
    expect(await unsealData(SECRET, "x".repeat(5000))).toBeNull();
    expect(await unsealData(SECRET, "")).toBeNull();
    vi.setSystemTime(new Date(Date.parse("2025-01-01T12:00:00Z") + 601_000));
    expect(await unsealData(SECRET, sealed)).toBeNull();
  });
});

// Issue 24 point 4: SECRET_KEY may be a list to rotate the secret: the first signs, all verify.
describe("secret rotation (SECRET_KEY=new,old)", () => {
  const OLD = "old-secret-key-0123456789abcdef";
  const NEW = "new-secret-key-0123456789abcdef";

  it("a token signed with the old secret still verifies while the old one is listed, and not after", async () => {
    const before = await signToken(OLD, "access", USER, SID);
    expect(await verifyToken([NEW, OLD], before, "access")).toMatchObject({ userId: 7, sid: SID });
    expect(await verifyToken([NEW], before, "access")).toBeNull();
    // New tokens are signed with the first secret only.
    const after = await signToken([NEW, OLD], "access", USER, SID);
    expect(await verifyToken(NEW, after)).not.toBeNull();
    expect(await verifyToken(OLD, after)).toBeNull();
    // A bad signature fails against every secret; an expired token is not retried with another.
    expect(await verifyToken([NEW, OLD], tamperSignature(before))).toBeNull();
  });

  it("sealed data (checkout draft, Google state) opens with any listed secret and is sealed with the first", async () => {
    const sealed = await sealData(OLD, { step: 2 }, 60);
    expect(await unsealData([NEW, OLD], sealed)).toMatchObject({ step: 2 });
    expect(await unsealData([NEW], sealed)).toBeNull();
    const resealed = await sealData([NEW, OLD], { step: 3 }, 60);
    expect(await unsealData(NEW, resealed)).toMatchObject({ step: 3 });
    expect(await unsealData(OLD, resealed)).toBeNull();
  });

  it("an empty list is refused rather than signing with an empty secret", async () => {
    await expect(signToken([], "access", USER, SID)).rejects.toThrow(/No signing secret/);
  });
});
