/**
 * Staff two-factor sign-in (docs/decisions/017-staff-two-factor.md): TOTP (RFC 6238: SHA-1, 6 digits, 30 s
 * steps, ±1 step accepted) with replay protection (a step once accepted is never accepted again for
 * that account), ten single-use recovery codes, and the sign-in sessions that passed the second
 * factor, kept by `sid` (the signed tokens' session id, which cannot be forged). Signing out revokes
 * the sid and a password reset invalidates every token, so either ends a verified session too; a new
 * sign-in has a new sid and must pass the second factor again. Server-only: `otpauth` and `uqr` never
 * reach a shopper's bundle.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import type { Db } from "~/db/client.server";
import { staffRecoveryCodes, staffTotp, staffVerifiedSessions } from "~/db/schema/two-factor";
import { hitRateLimit, peekRateLimit } from "~/features/rate-limit/rate-limit.server";
import { ACCESS_LIFETIME_SECONDS, REFRESH_LIFETIME_SECONDS } from "./tokens.server";

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = "Tienda";

/** Where a staff member's session stands: passed the second factor, must enrol, or must enter a code. */
export type SecondFactorState = "verified" | "enrol" | "verify";

/** Failed attempts allowed per window, per account and per IP (a right code costs nothing). */
export const TWO_FACTOR_LIMITS = { account: 5, ip: 20, windowSeconds: 15 * 60 };

function totpFor(secret: string, label = "") {
  return new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
  });
}

/** The 30-second step of `now` (RFC 6238 T). */
export const stepOf = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_PERIOD);

/** The step whose code `code` is, within ±1 step of `now`, or null. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secret).validate({ token, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : stepOf(now) + delta;
}

/** The state of the session `sid` of staff account `userId`. */
export async function secondFactorState(db: Db, userId: number, sid: string): Promise<SecondFactorState> {
  const [row] = await db
    .select({
      confirmed: sql<boolean>`${staffTotp.confirmedAt} is not null`,
      verified: sql<boolean>`exists (select 1 from ${staffVerifiedSessions} where ${staffVerifiedSessions.sid} = ${sid} and ${staffVerifiedSessions.userId} = ${userId})`,
    })
    .from(staffTotp)
    .where(eq(staffTotp.userId, userId));
  if (!row?.confirmed) return "enrol";
  return row.verified ? "verified" : "verify";
}

/** Marks the session `sid` as having passed the second factor, for as long as its tokens can live. */
async function markVerified(db: Db, userId: number, sid: string, now: Date) {
  const expiresAt = new Date(now.getTime() + (REFRESH_LIFETIME_SECONDS + ACCESS_LIFETIME_SECONDS) * 1000);
  await db.insert(staffVerifiedSessions).values({ sid, userId, expiresAt }).onConflictDoNothing();
  await db.delete(staffVerifiedSessions).where(lt(staffVerifiedSessions.expiresAt, now));
}

export type Enrolment = { secret: string; groupedSecret: string; uri: string; qrSvg: string };

/**
 * The pending secret of an account that has not enrolled yet (made on the first visit, the same
 * on a reload), with its otpauth:// URI as an inline SVG QR code. Null once enrolled.
 */
export async function pendingEnrolment(db: Db, user: { id: number; email: string }): Promise<Enrolment | null> {
  await db
    .insert(staffTotp)
    .values({ userId: user.id, secret: new Secret({ size: 20 }).base32 })
    .onConflictDoNothing();
  const [row] = await db.select().from(staffTotp).where(eq(staffTotp.userId, user.id));
  if (!row || row.confirmedAt) return null;
  const uri = totpFor(row.secret, user.email).toString();
  return {
    secret: row.secret,
    groupedSecret: row.secret.replace(/(.{4})/g, "$1 ").trim(),
    uri,
    qrSvg: renderSVG(uri, { border: 2 }),
  };
}

/** A recovery code: 16 base32 characters (80 random bits) in groups of four. */
function newRecoveryCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => alphabet[b % 32]).join("");
  return chars.replace(/(.{4})(?!$)/g, "$1-");
}

/**
 * SHA-256, not argon2id: a recovery code is 80 random bits made by the server, not a password a
 * person chose, so no dictionary applies and an offline search of 2^80 is out of reach without a
 * slow hash; a fast hash also lets the code be found by an indexed lookup.
 */
const hashRecoveryCode = (code: string) =>
  createHash("sha256")
    .update(code.toUpperCase().replace(/[^A-Z0-9]/g, ""))
    .digest("hex");

export type Attempt =
  | { ok: true; recoveryCodes?: string[]; usedRecoveryCode?: boolean }
  | { ok: false; reason: "invalid" | "rateLimited"; retryAfterSeconds?: number };

const limitKeys = (userId: number, ip: string) => [`2fa:user:${userId}`, `2fa:ip:${ip}`];
const limitOpts = (now: Date) => ({
  limit: TWO_FACTOR_LIMITS.account,
  windowSeconds: TWO_FACTOR_LIMITS.windowSeconds,
  now,
});

/** Refuses when this account or IP has too many failures; else null. */
async function limited(db: Db, userId: number, ip: string, now: Date): Promise<Attempt | null> {
  const [account, address] = await Promise.all([
    peekRateLimit(db, [`2fa:user:${userId}`], limitOpts(now)),
    peekRateLimit(db, [`2fa:ip:${ip}`], { ...limitOpts(now), limit: TWO_FACTOR_LIMITS.ip }),
  ]);
  const over = !account.ok ? account : !address.ok ? address : null;
  return over ? { ok: false, reason: "rateLimited", retryAfterSeconds: over.retryAfterSeconds } : null;
}

async function failed(db: Db, userId: number, ip: string, now: Date): Promise<Attempt> {
  await hitRateLimit(db, limitKeys(userId, ip), {
    limit: TWO_FACTOR_LIMITS.ip,
    windowSeconds: TWO_FACTOR_LIMITS.windowSeconds,
    now,
  });
  return { ok: false, reason: "invalid" };
}

/** Accepts `step` for the account once: false when it (or a later one) was already used. */
async function claimStep(db: Db, userId: number, step: number, confirm: boolean, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffTotp)
    .set({ lastStep: step, ...(confirm ? { confirmedAt: now } : {}) })
    .where(
      and(
        eq(staffTotp.userId, userId),
        lt(staffTotp.lastStep, step),
        confirm ? isNull(staffTotp.confirmedAt) : sql`${staffTotp.confirmedAt} is not null`,
      ),
    )
    .returning({ userId: staffTotp.userId });
  return rows.length === 1;
}

/**
 * A right code of a step already used: refused (replay), but not counted as a failure, since whoever
 * sent it knew the code (the limit is there against guessing); two devices of one person signing in
 * in the same 30 seconds must not lock the account.
 */
const replayed: Attempt = { ok: false, reason: "invalid" };

type Who = { userId: number; sid: string; ip: string; now?: Date };

/**
 * Enrolment: the first code from the pending secret confirms it; the session counts as two-factor
 * and ten recovery codes are made, returned this once (only their hashes are kept).
 */
export async function confirmEnrolment(db: Db, who: Who, code: string): Promise<Attempt> {
  const now = who.now ?? new Date();
  const refused = await limited(db, who.userId, who.ip, now);
  if (refused) return refused;
  const [row] = await db.select().from(staffTotp).where(eq(staffTotp.userId, who.userId));
  const step = row && !row.confirmedAt ? matchingStep(row.secret, code, now) : null;
  if (step === null) return failed(db, who.userId, who.ip, now);
  if (!(await claimStep(db, who.userId, step, true, now))) return replayed;
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, who.userId));
  await db
    .insert(staffRecoveryCodes)
    .values(recoveryCodes.map((c) => ({ userId: who.userId, codeHash: hashRecoveryCode(c) })));
  await markVerified(db, who.userId, who.sid, now);
  return { ok: true, recoveryCodes };
}

/** The second factor at sign-in: a current code from the app, or an unused recovery code (then spent). */
export async function verifySecondFactor(db: Db, who: Who, code: string): Promise<Attempt> {
  const now = who.now ?? new Date();
  const refused = await limited(db, who.userId, who.ip, now);
  if (refused) return refused;
  const [row] = await db.select().from(staffTotp).where(eq(staffTotp.userId, who.userId));
  if (!row?.confirmedAt) return failed(db, who.userId, who.ip, now);
  const step = matchingStep(row.secret, code, now);
  if (step !== null) {
    if (!(await claimStep(db, who.userId, step, false, now))) return replayed;
    await markVerified(db, who.userId, who.sid, now);
    return { ok: true };
  }
  const cleaned = code.toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (cleaned.length !== 16) return failed(db, who.userId, who.ip, now);
  const spent = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.userId, who.userId),
        eq(staffRecoveryCodes.codeHash, hashRecoveryCode(cleaned)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: staffRecoveryCodes.userId });
  if (spent.length !== 1) return failed(db, who.userId, who.ip, now);
  await markVerified(db, who.userId, who.sid, now);
  return { ok: true, usedRecoveryCode: true };
}

/** How many unused recovery codes the account has left. */
export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Whether each of these accounts has enrolled (for the staff page). */
export async function enrolledUserIds(db: Db): Promise<Set<number>> {
  const rows = await db
    .select({ userId: staffTotp.userId })
    .from(staffTotp)
    .where(sql`${staffTotp.confirmedAt} is not null`);
  return new Set(rows.map((r) => r.userId));
}

/**
 * A lost device: forgets the account's secret, recovery codes and verified sessions, so the member
 * must enrol again on the next back-office visit. True when there was anything to forget.
 */
export async function resetSecondFactor(db: Db, userId: number): Promise<boolean> {
  const gone = await db.delete(staffTotp).where(eq(staffTotp.userId, userId)).returning({ userId: staffTotp.userId });
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await db.delete(staffVerifiedSessions).where(eq(staffVerifiedSessions.userId, userId));
  return gone.length > 0;
}
