import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { staffActor } from "~/features/admin/guard.server";
import { insertUser, signInStaff, totpCode } from "../../../tests/factories";
import { createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { type AppServer, startAppServer } from "../../../tests/support/app-server";
import { issueTokens, revokeSession } from "./accounts.server";
import { verifyToken } from "./tokens.server";
import {
  TWO_FACTOR_LIMITS,
  confirmEnrolment,
  pendingEnrolment,
  secondFactorState,
  verifySecondFactor,
} from "./two-factor.server";
import { resetStaffTwoFactor } from "./two-factor-reset.server";

// Issue 27 point 2 (decision 017): the TOTP rules with real codes computed by the TOTP library,
// the recovery codes, the rate limit, and the back office's door through the real server.

const T0 = new Date("2026-11-28T12:00:10Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe.each(databaseKinds())("staff two-factor, on %s", (kind) => {
  let database: Database;
  let app: AppServer;
  const env = createTestEnv();
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await startAppServer({ db: database.db, env });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function session(role: "owner" | "manager" | "dispatcher" | "support" = "manager") {
    const user = await insertUser(database.db, { role });
    const { access, refresh } = await issueTokens({ db: database.db, env }, user);
    const sid = (await verifyToken(env.SECRET_KEY, access))!.sid;
    return { user, access, refresh, sid, ip: `10.0.${user.id}.1` };
  }

  it("enrols with a code of the shown secret (QR as SVG, base32), accepts ±1 step, refuses ±2 and replays", async () => {
    const s = await session();
    expect(await secondFactorState(database.db, s.user.id, s.sid)).toBe("enrol");
    const enrolment = (await pendingEnrolment(database.db, s.user))!;
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(enrolment.uri).toContain("algorithm=SHA1&digits=6&period=30");
    // The same secret on a reload, until enrolled.
    expect((await pendingEnrolment(database.db, s.user))!.secret).toBe(enrolment.secret);
    const who = { userId: s.user.id, sid: s.sid, ip: s.ip };
    expect((await confirmEnrolment(database.db, { ...who, now: T0 }, "000000")).ok).toBe(false);
    const done = await confirmEnrolment(database.db, { ...who, now: T0 }, totpCode(enrolment.secret, at(-30)));
    expect(done.ok && done.recoveryCodes).toHaveLength(10);
    expect(await secondFactorState(database.db, s.user.id, s.sid)).toBe("verified");
    expect(await pendingEnrolment(database.db, s.user)).toBeNull();

    // A new sign-in (new sid) must pass again.
    const again = await issueTokens({ db: database.db, env }, s.user);
    const later = { userId: s.user.id, sid: (await verifyToken(env.SECRET_KEY, again.access))!.sid, ip: s.ip };
    expect(await secondFactorState(database.db, s.user.id, later.sid)).toBe("verify");
    // The step used at enrolment (T0 - 30 s) and T0's own are both within ±1 of T0 + 1 s; the used one is refused.
    expect(
      (await verifySecondFactor(database.db, { ...later, now: at(1) }, totpCode(enrolment.secret, at(-30)))).ok,
    ).toBe(false);
    // Two steps away: refused.
    expect(
      (await verifySecondFactor(database.db, { ...later, now: at(1) }, totpCode(enrolment.secret, at(61)))).ok,
    ).toBe(false);
    // One step ahead (a fast phone clock): accepted, then the same code again is a replay.
    expect(
      (await verifySecondFactor(database.db, { ...later, now: at(1) }, totpCode(enrolment.secret, at(30)))).ok,
    ).toBe(true);
    expect(await secondFactorState(database.db, s.user.id, later.sid)).toBe("verified");
    const third = { ...later, sid: "f".repeat(32) };
    expect(
      (await verifySecondFactor(database.db, { ...third, now: at(2) }, totpCode(enrolment.secret, at(30)))).ok,
    ).toBe(false);
    // An earlier step than the last one used is refused too, even within the window.
    expect(
      (await verifySecondFactor(database.db, { ...third, now: at(31) }, totpCode(enrolment.secret, at(1)))).ok,
    ).toBe(false);
    expect(
      (await verifySecondFactor(database.db, { ...third, now: at(61) }, totpCode(enrolment.secret, at(61)))).ok,
    ).toBe(true);
  });

  it("accepts each recovery code once, in any case and spacing, and only for its account", async () => {
    const s = await session();
    const { recoveryCodes, secret } = await signInStaff(database.db, env, s.user);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    const other = await session();
    await signInStaff(database.db, env, other.user);
    const sidA = "a".repeat(32);
    const sidB = "b".repeat(32);
    expect(
      (await verifySecondFactor(database.db, { userId: other.user.id, sid: sidA, ip: "10.9.9.9" }, recoveryCodes[0]))
        .ok,
    ).toBe(false);
    const first = await verifySecondFactor(
      database.db,
      { userId: s.user.id, sid: sidA, ip: s.ip },
      recoveryCodes[0].toLowerCase().replaceAll("-", " "),
    );
    expect(first).toEqual({ ok: true, usedRecoveryCode: true });
    expect(
      (await verifySecondFactor(database.db, { userId: s.user.id, sid: sidB, ip: s.ip }, recoveryCodes[0])).ok,
    ).toBe(false);
    expect(await secondFactorState(database.db, s.user.id, sidB)).toBe("verify");
    expect(
      (await verifySecondFactor(database.db, { userId: s.user.id, sid: sidB, ip: s.ip }, recoveryCodes[1])).ok,
    ).toBe(true);
  });

  it("refuses after too many wrong codes per account (even a right one) and per IP, with the seconds to wait", async () => {
    const s = await session();
    const { secret } = await signInStaff(database.db, env, s.user, at(-600));
    const who = { userId: s.user.id, sid: "c".repeat(32), ip: s.ip, now: T0 };
    for (let i = 0; i < TWO_FACTOR_LIMITS.account; i++) {
      expect(await verifySecondFactor(database.db, who, "123456")).toEqual({ ok: false, reason: "invalid" });
    }
    const refused = await verifySecondFactor(database.db, who, totpCode(secret, T0));
    expect(refused).toMatchObject({ ok: false, reason: "rateLimited" });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    // Another account from the same IP, up to the IP's limit.
    const ip = "10.200.0.1";
    for (let n = 0; n * TWO_FACTOR_LIMITS.account < TWO_FACTOR_LIMITS.ip; n++) {
      const u = await session();
      await signInStaff(database.db, env, u.user, at(-600));
      for (let i = 0; i < TWO_FACTOR_LIMITS.account; i++)
        await verifySecondFactor(database.db, { userId: u.user.id, sid: "d".repeat(32), ip, now: T0 }, "654321");
    }
    const fresh = await session();
    const fs = await signInStaff(database.db, env, fresh.user, at(-600));
    const byIp = await verifySecondFactor(
      database.db,
      { userId: fresh.user.id, sid: "e".repeat(32), ip, now: T0 },
      totpCode(fs.secret, T0),
    );
    expect(byIp).toMatchObject({ ok: false, reason: "rateLimited" });
  });

  it("keeps a staff session out of every back-office page until it passes; sign-out ends it; shoppers unchanged", async () => {
    const s = await session("owner");
    const get = (path: string, cookie: string) =>
      fetch(`${app.url}${path}`, { redirect: "manual", headers: { Cookie: cookie, Accept: "text/html" } });
    // A resource route (no page render) stands for every back-office page: all go through requireStaff.
    let res = await get("/en/admin/products.csv", `access=${s.access}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/en/two-factor/enrol?next=%2Fen%2Fadmin%2Fproducts.csv");
    const post = await fetch(`${app.url}/es/admin/staff`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: `access=${s.access}`, Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=remove&email=x%40y.cu",
    });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/es/two-factor/enrol");
    // A forged "verified" is impossible: the state is read from the server by the signed sid.
    const verified = await signInStaff(database.db, env, s.user);
    res = await get("/en/admin/products.csv", verified.cookie);
    expect(res.status).toBe(200);
    // The old, unverified session still is not.
    expect((await get("/es/admin/products.csv", `access=${s.access}`)).headers.get("Location")).toMatch(
      /^\/es\/two-factor\?next=/,
    );
    // Sign-out ends the verified session with its tokens.
    await revokeSession({ db: database.db, env }, [verified.access]);
    expect((await get("/en/admin/products.csv", verified.cookie)).status).toBe(404);
  });

  it("an owner's reset forgets the secret, codes and verified sessions, audited with the role", async () => {
    const owner = await session("owner");
    const member = await session("dispatcher");
    const signed = await signInStaff(database.db, env, member.user);
    const sid = (await verifyToken(env.SECRET_KEY, signed.access))!.sid;
    expect(await secondFactorState(database.db, member.user.id, sid)).toBe("verified");
    const result = await resetStaffTwoFactor(
      database.db,
      member.user.email,
      staffActor({ ...owner.user, role: "owner" }),
    );
    expect(result.ok).toBe(true);
    expect(await secondFactorState(database.db, member.user.id, sid)).toBe("enrol");
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "staff.totp_reset"));
    expect(entry).toMatchObject({ actorEmail: owner.user.email, actorRole: "owner", entityId: String(member.user.id) });
    const customer = await insertUser(database.db);
    expect(
      (await resetStaffTwoFactor(database.db, customer.email, staffActor({ ...owner.user, role: "owner" }))).ok,
    ).toBe(false);
  });
});
