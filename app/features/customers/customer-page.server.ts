/**
 * The back office's customers (docs/features.md, "Customers"): what the list and the customer page show, written
 * out in the operator's language on the server. The accounts feature finds and deactivates the
 * accounts (accounts/customers.server.ts); the customer's orders come from the orders feature and
 * their reviews from the reviews feature, both read only here. This module touches no table.
 */
import type { Db } from "~/db/client.server";
import {
  type Customer,
  type CustomerFilters,
  getCustomer,
  searchCustomers,
} from "~/features/accounts/customers.server";
import { adminDateTime } from "~/features/admin/format.server";
import { listOrders } from "~/features/orders/orders.server";
import { listReviewsByUser } from "~/features/reviews/reviews.server";
import type { Language } from "~/i18n/languages";
import { parseRowId } from "~/utils/ids";
import { formatCup, formatUsdCents } from "~/utils/money";

/** The facts shown for a customer, in a list row and at the top of their page. */
function facts(customer: Customer, lang: Language) {
  return {
    id: customer.id,
    email: customer.email,
    name: [customer.firstName, customer.lastName].filter(Boolean).join(" "),
    phone: customer.phone,
    joined: adminDateTime(customer.dateJoined, lang),
    joinedIso: customer.dateJoined.toISOString(),
    lastLogin: customer.lastLogin ? adminDateTime(customer.lastLogin, lang) : null,
    lastLoginIso: customer.lastLogin?.toISOString() ?? null,
    emailConfirmed: customer.emailConfirmed,
    deactivated: customer.deactivatedAt ? adminDateTime(customer.deactivatedAt, lang) : null,
    deactivatedIso: customer.deactivatedAt?.toISOString() ?? null,
  };
}

export type CustomerFacts = ReturnType<typeof facts>;

/** One page of the search, its rows written out. */
export async function customerListPage(db: Db, filters: CustomerFilters, lang: Language) {
  const found = await searchCustomers(db, filters);
  return {
    filters: { ...filters, page: found.page },
    total: found.total,
    pageCount: found.pageCount,
    rows: found.rows.map((customer) => facts(customer, lang)),
  };
}

/** The customer page's data; null for an id that is not a customer's (a staff account is not). */
export async function customerPage(db: Db, rawId: string, lang: Language) {
  const id = parseRowId(rawId);
  const customer = id === null ? null : await getCustomer(db, id);
  if (!customer) return null;
  const [orders, reviews] = await Promise.all([listOrders(db, customer.id), listReviewsByUser(db, customer.id)]);
  return {
    customer: facts(customer, lang),
    orders: orders.map((order) => ({
      id: order.transactionId,
      status: order.status,
      date: adminDateTime(order.dateIssued, lang),
      iso: order.dateIssued.toISOString(),
      amount: formatUsdCents(order.amountCents, lang),
      shipping: order.shippingPriceCup > 0 ? formatCup(order.shippingPriceCup, lang) : null,
      units: order.items.reduce((sum, item) => sum + item.count, 0),
    })),
    reviews: reviews.map((review) => ({
      id: review.id,
      product: (lang === "en" && review.productNameEn) || review.productName,
      rating: review.rating,
      comment: review.comment,
      date: adminDateTime(review.dateCreated, lang),
      iso: review.dateCreated.toISOString(),
    })),
  };
}

export type CustomerPageData = NonNullable<Awaited<ReturnType<typeof customerPage>>>;
