/**
 * The back office's orders (§4.1, decision “The back office”): the list with its filters and search,
 * one order in full, and the status moves the operator may make. The moves themselves go through
 * the orders feature's `changeOrderStatus`, the one transition shared with the customer's cancel.
 *
 * The list is one query for the page's rows and one count, newest first on `orders_date_idx`
 * (`orders_status_date_idx` with a status). Days are Havana days (decision “Shipping price and the express cut-off”, `utils/dates.ts`). The
 * search box reads what was typed: a transaction id (exact or its beginning), a phone number (its
 * digits, whatever the spacing), an email (the account's), or a name (any part, case and accents
 * ignored, as the store's search does with `f_unaccent`); only the tests that can match are run,
 * so a phone or an email search does not unaccent every name.
 */
import { type SQL, and, count, desc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { escapeLike } from "~/utils/text";
import { users } from "~/db/schema/accounts";
import { type OrderStatus, orderStatuses, orders } from "~/db/schema/orders";
import { isOrderId } from "~/features/orders/order-id";
import { loadDetails } from "~/features/orders/details.server";
import type { OrderDetail } from "~/features/orders/types";
import { DELIVERY_OPTIONS, type DeliveryOption } from "~/features/shipping/shipping";
import { addDays, havanaDayStart } from "~/utils/dates";

export const ORDERS_PAGE_SIZE = 50;
/** Longest search text read; anything longer is cut. */
export const ORDER_QUERY_MAX = 100;
/** Longest note an operator may add to a status move (the history keeps 500 characters). */
export const MOVE_NOTE_MAX = 500;
/** Highest page number read from a link: beyond it the page is the last one anyway. */
const PAGE_MAX = 1_000_000;

export type OrderFilters = {
  /** "" for every status. */
  status: OrderStatus | "";
  /** Havana days YYYY-MM-DD, "" for no bound; both included. */
  from: string;
  to: string;
  option: DeliveryOption | "";
  q: string;
  /** Asked for (from 1); the list clamps it to the last page. */
  page: number;
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (years 2000-2999), or "". */
function dayOf(value: string | null): string {
  const match = DAY.exec((value ?? "").trim());
  if (!match) return "";
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 2000 || y > 2999) return "";
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? match[0] : "";
}

/**
 * The list's filters from the page's query string. Whatever cannot be read (an unknown status or
 * option, a malformed date, a page that is not a positive number) is no filter at all, never an
 * error: links get stale and people type in address bars.
 */
export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  const status = params.get("status") ?? "";
  const option = params.get("option") ?? "";
  const asked = Number.parseInt(params.get("p") ?? "1", 10);
  return {
    status: (orderStatuses as readonly string[]).includes(status) ? (status as OrderStatus) : "",
    from: dayOf(params.get("from")),
    to: dayOf(params.get("to")),
    option: (DELIVERY_OPTIONS as readonly string[]).includes(option) ? (option as DeliveryOption) : "",
    q: cleanQuery(params.get("q") ?? ""),
    page: Number.isFinite(asked) && asked > 0 ? Math.min(asked, PAGE_MAX) : 1,
  };
}

/** The search text as it is matched: no NUL, single spaces, at most ORDER_QUERY_MAX characters. */
export function cleanQuery(text: string): string {
  return text.replaceAll("\u0000", "").replace(/\s+/g, " ").trim().slice(0, ORDER_QUERY_MAX).trim();
}

const PHONE_LIKE = /^[+\d\s().-]+$/;
const HEX_ID = /^[0-9a-f]{6,64}$/i;
/** One word of URL-safe characters: looked up in the id column too (order-id.ts has the format). */
const ONE_WORD = /^[A-Za-z0-9_-]{1,64}$/;

/** The search's condition: only the tests that what was typed could match. */
function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const tests: SQL[] = [];
  const lower = q.toLowerCase();
  // A transaction id (decision “Order ids are unguessable and private”: lower-case hex): exactly (the unique index), or its beginning from 4
  // characters. Hex with a digit in it is taken for an id only, not also for a name.
  if (ONE_WORD.test(q)) {
    tests.push(eq(orders.transactionId, q));
    if (q.length >= 4) tests.push(sql`${orders.transactionId} like ${`${escapeLike(lower)}%`}`);
    if (HEX_ID.test(q) && /\d/.test(q) && !PHONE_LIKE.test(q)) return or(...tests);
  }
  const pattern = `%${escapeLike(lower)}%`;
  const byEmail = inArray(
    orders.userId,
    sql`(select ${users.id} from ${users} where lower(${users.email}) like ${pattern})`,
  );
  if (PHONE_LIKE.test(q)) {
    // A phone number, whatever spaces, dashes, brackets or + either side wrote.
    const digits = q.replace(/\D/g, "");
    if (digits.length >= 3) {
      tests.push(sql`translate(${orders.phoneNumber}, ' +-().', '') like ${`%${digits}%`}`);
    }
  } else if (q.includes("@")) {
    tests.push(byEmail);
  } else {
    // A name (the one on the order) or part of an account's email; case and accents ignored.
    tests.push(sql`f_unaccent(lower(${orders.fullName})) like f_unaccent(${pattern})`, byEmail);
  }
  return tests.length === 0 ? sql`false` : or(...tests);
}

function listCondition(filters: Omit<OrderFilters, "page">): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.from) conditions.push(gte(orders.dateIssued, havanaDayStart(filters.from)));
  if (filters.to) conditions.push(lt(orders.dateIssued, havanaDayStart(addDays(filters.to, 1))));
  if (filters.option) conditions.push(eq(orders.deliveryOption, filters.option));
  const search = searchCondition(filters.q);
  if (search) conditions.push(search);
  return conditions.length ? and(...conditions) : undefined;
}

export type OrderListRow = {
  transactionId: string;
  dateIssued: Date;
  fullName: string;
  phoneNumber: string;
  city: string;
  deliveryOption: DeliveryOption;
  status: OrderStatus;
  amountCents: number;
  shippingPriceCup: number;
};

export type OrderList = { rows: OrderListRow[]; total: number; page: number; pageCount: number };

/**
 * One page of the orders matching `filters`, newest first, `ORDERS_PAGE_SIZE` a page, with the
 * number of matches. A page past the last is the last page.
 */
export async function listAdminOrders(
  db: Db,
  filters: OrderFilters,
  pageSize: number = ORDERS_PAGE_SIZE,
): Promise<OrderList> {
  const where = listCondition(filters);
  const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(filters.page) || 1), pageCount);
  const rows =
    Number(total) === 0
      ? []
      : await db
          .select({
            transactionId: orders.transactionId,
            dateIssued: orders.dateIssued,
            fullName: orders.fullName,
            phoneNumber: orders.phoneNumber,
            city: orders.city,
            deliveryOption: orders.deliveryOption,
            status: orders.status,
            amountCents: orders.amountCents,
            shippingPriceCup: orders.shippingPriceCup,
          })
          .from(orders)
          .where(where)
          .orderBy(desc(orders.dateIssued), desc(orders.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize);
  return { rows, total: Number(total), page, pageCount };
}

export type AdminOrder = {
  order: OrderDetail;
  /** The account's email (the order's own contact is its phone). */
  email: string;
};

/** One order in full for the back office, with its account's email; null when there is none. */
export async function getAdminOrder(db: Db, transactionId: string): Promise<AdminOrder | null> {
  if (!isOrderId(transactionId)) return null;
  const [found] = await db
    .select({ row: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.transactionId, transactionId))
    .limit(1);
  if (!found) return null;
  const { row, email } = found;
  const [order] = await loadDetails(db, [row]);
  return { order, email };
}

/** A map link for the delivery point that works without JavaScript (OpenStreetMap, zoom 17). */
export function mapLink(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(5);
  const lng = longitude.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}
