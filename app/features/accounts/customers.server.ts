/**
 * The store's customers in the back office (docs/features.md, "Customers"): accounts whose role is "customer",
 * found by name, email or phone, and deactivated or reactivated by the owner. Staff accounts are
 * never found here (they are managed on the staff page, operators.server.ts).
 *
 * A deactivated customer (`users.deactivated_at`, not `is_active`, which says the email was
 * confirmed) signs in nowhere: `authenticate` refuses the password, `googleSignIn` the Google
 * account, password reset sends no link, and `getUserForToken` refuses every token, so open
 * sessions stop on their next request. Deactivating also bumps the token version, so a later
 * reactivation does not bring the old sessions back: the customer signs in again. Orders and
 * reviews stay. Each change and its audit entry commit together.
 */
import { type SQL, and, count, desc, eq, isNull, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, users } from "~/db/schema/accounts";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { escapeLike } from "~/utils/text";

export const CUSTOMERS_PAGE_SIZE = 25;
/** Longest search text read; anything longer is cut. */
export const CUSTOMER_QUERY_MAX = 100;
/** Highest page number read from a link: beyond it the page is the last one anyway. */
const PAGE_MAX = 1_000_000;

export type CustomerFilters = {
  q: string;
  /** Asked for (from 1); the search clamps it to the last page. */
  page: number;
};

export type Customer = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  dateJoined: Date;
  lastLogin: Date | null;
  /** The email was confirmed (`is_active`). */
  emailConfirmed: boolean;
  deactivatedAt: Date | null;
};

export type CustomerPage = { rows: Customer[]; total: number; page: number; pageCount: number };

/** The search from the page's query string; what cannot be read is no filter, never an error. */
export function parseCustomerFilters(params: URLSearchParams): CustomerFilters {
  const asked = Number.parseInt(params.get("p") ?? "1", 10);
  const q = (params.get("q") ?? "").replaceAll("\u0000", "").replace(/\s+/g, " ").trim();
  return {
    q: q.slice(0, CUSTOMER_QUERY_MAX).trim(),
    page: Number.isFinite(asked) && asked > 0 ? Math.min(asked, PAGE_MAX) : 1,
  };
}

const PHONE_LIKE = /^[+\d\s().-]+$/;

/**
 * What the search box matches: any part of the full name ("first last") or of the email, case and
 * accents ignored; a phone number by its digits, whatever the spacing, dashes or + either side wrote.
 */
function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  if (PHONE_LIKE.test(q)) {
    const digits = q.replace(/\D/g, "");
    if (digits.length < 3) return sql`false`;
    return sql`translate(coalesce(${profiles.phone}, ''), ' +-().', '') like ${`%${digits}%`}`;
  }
  const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;
  return or(
    sql`f_unaccent(lower(${fullName})) like f_unaccent(${pattern})`,
    sql`f_unaccent(lower(${users.email})) like f_unaccent(${pattern})`,
  );
}

const COLUMNS = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: sql<string>`coalesce(${profiles.phone}, '')`,
  dateJoined: users.dateJoined,
  lastLogin: users.lastLogin,
  emailConfirmed: users.isActive,
  deactivatedAt: users.deactivatedAt,
};

const isCustomer = eq(users.role, "customer");

/** One page of the customers matching the search, newest accounts first, with the number of matches. */
export async function searchCustomers(
  db: Db,
  filters: CustomerFilters,
  pageSize: number = CUSTOMERS_PAGE_SIZE,
): Promise<CustomerPage> {
  const where = and(isCustomer, searchCondition(filters.q));
  const [{ total }] = await db
    .select({ total: count() })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where);
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(filters.page) || 1), pageCount);
  const rows =
    Number(total) === 0
      ? []
      : await db
          .select(COLUMNS)
          .from(users)
          .leftJoin(profiles, eq(profiles.userId, users.id))
          .where(where)
          .orderBy(desc(users.dateJoined), desc(users.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize);
  return { rows, total: Number(total), page, pageCount };
}

/** One customer by account id; null for an unknown id or a staff account. */
export async function getCustomer(db: Db, id: number): Promise<Customer | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db
    .select(COLUMNS)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(isCustomer, eq(users.id, id)))
    .limit(1);
  return row ?? null;
}

export type DeactivationResult = { ok: true; changed: boolean; customer: Customer } | { ok: false; reason: "notFound" };

/**
 * Deactivates (`deactivate` true) or reactivates a customer, audited as `customer.deactivate` or
 * `customer.reactivate` with the actor's role. Asking for the state it is already in changes
 * nothing and writes no entry (`changed` false). A staff account or an unknown id is `notFound`.
 */
export async function setCustomerDeactivated(
  db: Db,
  actor: AuditActor,
  id: number,
  deactivate: boolean,
): Promise<DeactivationResult> {
  return db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const before = await getCustomer(handle, id);
    if (!before) return { ok: false, reason: "notFound" } as const;
    // Only a change of state writes: the condition also settles two owners clicking at once.
    const [updated] = await tx
      .update(users)
      .set(
        deactivate
          ? // The token version ends every open session for good: reactivating does not revive them.
            { deactivatedAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1` }
          : { deactivatedAt: null },
      )
      .where(
        and(eq(users.id, id), isCustomer, deactivate ? isNull(users.deactivatedAt) : isNotNull(users.deactivatedAt)),
      )
      .returning({ id: users.id });
    if (!updated) return { ok: true, changed: false, customer: before } as const;
    const customer = (await getCustomer(handle, id)) ?? before;
    await recordAudit(handle, {
      actor,
      action: deactivate ? "customer.deactivate" : "customer.reactivate",
      entity: "user",
      entityId: id,
      before: { email: before.email, deactivatedAt: before.deactivatedAt },
      after: { email: customer.email, deactivatedAt: customer.deactivatedAt },
    });
    return { ok: true, changed: true, customer } as const;
  });
}
