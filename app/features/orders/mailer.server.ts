/**
 * The order emails through the outbox (§4.1): create-order and a status change write an
 * outbox row in their own transaction (the payload names the order, the recipient and, for a status
 * email, the status it tells about); the outbox's sender builds the message from the order at send
 * time with these renderers, and each placed order or status change kicks it.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type OrderStatus, orders } from "~/db/schema/orders";
import type { User } from "~/features/accounts/accounts.server";
import type { OutboxRenderer, OutboxRow, RenderedEmail } from "~/features/outbox/outbox.server";
import type { Env } from "~/utils/env.server";
import { loadDetails } from "./details.server";
import { orderConfirmationEmail, orderStatusEmail } from "./emails.server";
import type { OrderDetail, OrderRecipient } from "./types";

export const ORDER_CONFIRMATION = "order.confirmation";
export const ORDER_STATUS = "order.status";

/** What an order email row carries: the recipient as they were when it was written. */
export type OrderEmailPayload = {
  orderId: number;
  to: OrderRecipient;
  /**
   * Confirmations: the order as placed (written by create-order, which has it in hand), without
   * its history, and when it was placed; the sender then reads nothing back to build the email.
   */
  order?: Omit<OrderDetail, "dateIssued" | "history">;
  dateIssued?: string;
  /** Status emails: the status moved to and the history note written with it. */
  status?: OrderStatus;
  note?: string;
};

/** The recipient of an order email, as the user is when the row is written. */
export function recipientOf(user: Pick<User, "email" | "firstName" | "username">): OrderRecipient {
  return { email: user.email, firstName: user.firstName, username: user.username };
}

/** The order a payload carries whole (a confirmation), as the email needs it. */
function carried(payload: OrderEmailPayload): OrderDetail | null {
  if (!payload.order || !payload.dateIssued) return null;
  return { ...payload.order, dateIssued: new Date(payload.dateIssued), history: [] };
}

async function ordersOf(db: Db, rows: OutboxRow[]): Promise<Map<number, OrderDetail>> {
  const ids = [
    ...new Set(
      rows.flatMap((row) => {
        const payload = row.payload as OrderEmailPayload;
        return carried(payload) ? [] : [payload.orderId];
      }),
    ),
  ];
  if (ids.length === 0) return new Map();
  const found = await db.select().from(orders).where(inArray(orders.id, ids));
  const details = await loadDetails(db, found);
  return new Map(found.map((row, n) => [row.id, details[n]]));
}

function renderer(build: (order: OrderDetail, payload: OrderEmailPayload, publicUrl: string) => RenderedEmail) {
  return (publicUrl: string): OutboxRenderer =>
    async (db, rows) => {
      const byId = await ordersOf(db, rows);
      return new Map(
        rows.map((row) => {
          const payload = row.payload as OrderEmailPayload;
          const order = carried(payload) ?? byId.get(payload.orderId);
          return [row.id, order ? build(order, payload, publicUrl) : null];
        }),
      );
    };
}

const confirmation = renderer((order, payload, publicUrl) => ({
  message: orderConfirmationEmail(order, payload.to, publicUrl),
  label: `Order confirmation email for ${order.transactionId}`,
}));

/**
 * The email of the status the row was written for, even when the order has moved on since (each
 * move has its own email): the order as it was then, its last history entry that move's.
 */
const statusChange = renderer((order, payload, publicUrl) => {
  const status = payload.status ?? order.status;
  const then: OrderDetail = { ...order, status, history: [{ status, date: new Date(), note: payload.note ?? "" }] };
  return {
    message: orderStatusEmail(then, payload.to, publicUrl),
    label: `Order status email for ${order.transactionId}`,
  };
});

/** The order emails' outbox renderers (app/features/outbox/mailer.server.ts sends them). */
export function orderRenderers(env: Pick<Env, "PUBLIC_URL">): Record<string, OutboxRenderer> {
  return { [ORDER_CONFIRMATION]: confirmation(env.PUBLIC_URL), [ORDER_STATUS]: statusChange(env.PUBLIC_URL) };
}
