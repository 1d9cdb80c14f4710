// Part 3 of the checkout bench: SQL statements per order on PGlite, counted in this process.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { openDatabase } from "~/db/client.server";
import { insertProduct } from "../tests/factories";
import { ORDER_BODY, PRICE_CENTS } from "./checkout-api";
import { ms } from "./checkout-figures";
import { envFor, prefilledShoppers, tempDir } from "./checkout-shoppers";

/**
 * Part 3: every statement PGlite runs, counted by wrapping its client's `query` (also inside
 * transactions), split between the create-order requests and the outbox sender's passes.
 */
export async function statementsPerOrder() {
  const { PGlite } = await import("@electric-sql/pglite");
  const { createServerApp } = await import("../server/app");
  const { outboxMailer } = await import("~/features/outbox/mailer.server");
  let counted = 0;
  const proto = PGlite.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const original = { query: proto.query, transaction: proto.transaction };
  proto.query = function (this: unknown, ...args: unknown[]) {
    counted++;
    return original.query.apply(this, args);
  };
  proto.transaction = function (this: unknown, callback: unknown) {
    counted += 2; // BEGIN and COMMIT (or ROLLBACK)
    return original.transaction.call(this, (tx: { query: (...a: unknown[]) => unknown }) => {
      const counting = Object.create(tx) as typeof tx;
      counting.query = (...a: unknown[]) => {
        counted++;
        return tx.query(...a);
      };
      return (callback as (t: typeof tx) => unknown)(counting);
    });
  };
  const dataDir = tempDir();
  const database = await openDatabase({ dataDir: null });
  try {
    await database.migrate();
    const env = envFor(dataDir);
    const app = createServerApp({ db: database.db, env });
    const mailer = outboxMailer({ db: database.db, env });
    const rice = await insertProduct(database.db, { name: "Arroz 1 kg", priceCents: PRICE_CENTS, quantity: 1_000_000 });
    const buyers = await prefilledShoppers(database.db, env, 16 * 5, rice.id);
    const place = (access: string) =>
      app.fetch(
        new Request("http://localhost/api/orders/create-order?lang=en", {
          method: "POST",
          headers: {
            authorization: `JWT ${access}`,
            "content-type": "application/json",
            "idempotency-key": randomUUID(),
          },
          body: JSON.stringify(ORDER_BODY),
        }),
      );
    // A first round not counted: memoised reads (exchange rate, catalogue) fill up.
    await Promise.all(buyers.slice(0, 16).map(async (b) => (await place(b.access)).arrayBuffer()));
    await mailer.flush();
    let requests = 0;
    let sender = 0;
    let placed = 0;
    for (let round = 1; round < 5; round++) {
      counted = 0;
      const answers = await Promise.all(buyers.slice(round * 16, round * 16 + 16).map((b) => place(b.access)));
      placed += answers.filter((a) => a.status === 201).length;
      await Promise.all(answers.map((a) => a.arrayBuffer()));
      requests += counted;
      counted = 0;
      await mailer.flush();
      sender += counted;
    }
    console.log(`
SQL statements per order on PGlite (${placed} orders placed 16 at a time, counted in process)`);
    console.table([
      {
        "create-order request": ms(requests / placed),
        "outbox sender (per email)": ms(sender / placed),
        total: ms((requests + sender) / placed),
      },
    ]);
  } finally {
    Object.assign(proto, original);
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
