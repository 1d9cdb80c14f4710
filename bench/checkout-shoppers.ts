// The checkout bench's shoppers: users with a token and, when asked, a cart to order.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { cartItems, carts } from "~/db/schema/cart";
import { issueTokens } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { newSessionId, signToken } from "~/features/accounts/tokens.server";
import { type Env, getEnv } from "~/utils/env.server";
import { insertUser } from "../tests/factories";
import { SECRET_KEY } from "./checkout-api";

export const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "tienda-bench-checkout-"));
export const envFor = (dataDir: string): Env => getEnv({ DATA_DIR: dataDir, SECRET_KEY } as NodeJS.ProcessEnv);

/** Shoppers with a token each and, when `count` > 0, that many units of `productId` in their cart. */
export async function shoppers(db: Db, env: Env, n: number, productId: number, count: number) {
  const out: Array<{ id: number; access: string }> = [];
  for (let i = 0; i < n; i++) {
    const user = await insertUser(db);
    if (count > 0) {
      const added = await mergeCartLine(db, user.id, { productId, count });
      if (!added.ok) throw new Error(added.error);
    }
    out.push({ id: user.id, access: (await issueTokens({ db, env }, user)).access });
  }
  return out;
}

/**
 * `n` shoppers, each with a token and one unit of `productId` in their own cart, written in a few
 * statements (the pool of part 2a runs to thousands).
 */
export async function prefilledShoppers(db: Db, env: Env, n: number, productId: number) {
  const tag = randomBytes(4).toString("hex");
  const out: Array<{ id: number; access: string }> = [];
  for (let from = 0; from < n; from += 1000) {
    const size = Math.min(1000, n - from);
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          email: `bench-${tag}-${from + i}@example.cu`,
          username: `bench-${tag}-${from + i}`,
          isActive: true,
        })),
      )
      .returning({ id: users.id, tokenVersion: users.tokenVersion });
    const cartRows = await db
      .insert(carts)
      .values(made.map((u) => ({ userId: u.id })))
      .returning({ id: carts.id });
    await db.insert(cartItems).values(cartRows.map((c) => ({ cartId: c.id, productId, count: 1 })));
    for (const user of made) {
      out.push({ id: user.id, access: await signToken(env.SECRET_KEY, "access", user, newSessionId()) });
    }
  }
  return out;
}
