/**
 * The cart's part in placing an order: the lines an order bought leave the cart in the order's own
 * statement, so a placed order always empties them and a refused one never does.
 */
import { type SQL, sql } from "drizzle-orm";
import { cartItems } from "~/db/schema/cart";

/**
 * Deletes the cart lines `lineIds`, as a fragment of a data-modifying `WITH` for a caller that
 * writes everything in one statement; only when `when` holds.
 */
export function removeCartLinesSql(lineIds: number[], when: SQL): SQL {
  return sql`delete from ${cartItems}
    where id in (${sql.join(
      lineIds.map((id) => sql`${id}::int`),
      sql`, `,
    )}) and ${when}`;
}
