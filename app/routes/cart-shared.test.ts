import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import type { User } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { getCartLines } from "~/features/cart/cart-lines.server";
import { insertProduct, insertUser } from "../../tests/factories";
import { createTestContext } from "../../tests/setup/context";
import { createTestDatabase } from "../../tests/setup/db";
import { action as cartAction } from "./cart";
import { action, loader } from "./cart-shared";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

type DataResult = { data: Record<string, unknown>; init: ResponseInit | null };

function run(fn: typeof loader | typeof action | typeof cartAction, url: string, user: User | null, post = false) {
  const context = createTestContext({ db: database.db, user });
  const token = new URL(url).pathname.split("/").pop();
  const request = new Request(
    url,
    post ? { method: "POST", body: new URLSearchParams(fn === cartAction ? { intent: "share" } : {}) } : undefined,
  );
  return fn({ request, params: { lang: "es", token }, context } as never);
}

describe("issue 26 point 3 shared cart pages", () => {
  it("issue 26 point 3 shares from the cart page, shows the lines to anyone and adds them all to another cart", async () => {
    const sharer = await insertUser(database.db);
    const receiver = await insertUser(database.db);
    const rice = await insertProduct(database.db, { quantity: 4 });
    expect((await mergeCartLine(database.db, sharer.id, { productId: rice.id, count: 3 })).ok).toBe(true);

    const shared = (await run(cartAction, "http://localhost/es/cart", sharer, true)) as {
      share: { ok: true; url: string; expires: string };
    };
    expect(shared.share.ok).toBe(true);
    const path = new URL(shared.share.url).pathname;
    expect(path).toMatch(/^\/es\/cart\/shared\/[A-Za-z0-9_-]{22}$/);

    const page = (await run(loader, `http://localhost${path}`, null)) as { state: string; lines: unknown[] };
    expect(page.state).toBe("ok");
    expect(page.lines).toEqual([expect.objectContaining({ productId: rice.id, count: 3, available: 3 })]);

    // Signed out, "Añadir todo" goes to the login page and comes back here.
    const signedOut = (await run(action, `http://localhost${path}`, null, true)) as Response;
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toContain(encodeURIComponent(path));

    const added = (await run(action, `http://localhost${path}`, receiver, true)) as { added: { addedLines: number } };
    expect(added.added.addedLines).toBe(1);
    expect((await getCartLines(database.db, receiver.id, "es")).map((l) => l.count)).toEqual([3]);
  });

  it("issue 26 point 3 an empty cart cannot be shared; an unknown or malformed link is a 404 page", async () => {
    const empty = await insertUser(database.db);
    const refused = (await run(cartAction, "http://localhost/es/cart", empty, true)) as DataResult;
    expect(refused.init?.status).toBe(400);
    for (const token of ["AAAAAAAAAAAAAAAAAAAAAA", "nope", "%00"]) {
      const res = (await run(loader, `http://localhost/es/cart/shared/${token}`, null)) as DataResult;
      expect(res.init?.status).toBe(404);
      expect(res.data).toEqual({ state: "unknown" });
    }
  });
});
