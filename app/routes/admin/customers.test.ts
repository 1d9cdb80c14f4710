import { and, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { profiles, users } from "~/db/schema/accounts";
import { auditLog } from "~/db/schema/audit";
import { orders } from "~/db/schema/orders";
import { newOrderId } from "~/features/orders/order-id";
import { action as customerAction, loader as customerLoader } from "./customer";
import { loader as customersLoader } from "./customers";
import { insertUser } from "../../../tests/factories";
import { createTestContext, createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import type { User } from "~/features/accounts/accounts.server";
import {
  CUSTOMERS_PAGE_SIZE,
  parseCustomerFilters,
  searchCustomers,
  setCustomerDeactivated,
} from "~/features/accounts/customers.server";

// Issue 27 point 5: the back office's customers. The search (name, email, phone; case and accents
// ignored; paged), the customer page for support (read only) and the owner (deactivate and
// reactivate, confirmed and audited), and what stays: the orders.

const env = createTestEnv();

async function insertOrder(db: Db, userId: number) {
  const transactionId = newOrderId();
  await db.insert(orders).values({
    transactionId,
    userId,
    amountCents: 2500,
    goodsCents: 2500,
    shippingPriceCup: 500,
    shippingName: "Estándar",
    shippingTime: "1-2 días",
    fullName: "José Martí Pérez",
    clientId: "85010112345",
    address: "Calle 23",
    city: "Plaza",
    stateProvinceRegion: "La Habana",
    phoneNumber: "+53 5 123 4567",
    deliveryLatitude: 23.1,
    deliveryLongitude: -82.4,
  });
  return transactionId;
}

describe("parseCustomerFilters", () => {
  it("reads the search and the page, and ignores what cannot be read", () => {
    expect(parseCustomerFilters(new URLSearchParams("q=  Ana   Pérez &p=3"))).toEqual({ q: "Ana Pérez", page: 3 });
    expect(parseCustomerFilters(new URLSearchParams("p=-1"))).toEqual({ q: "", page: 1 });
    expect(parseCustomerFilters(new URLSearchParams("p=abc&q=%00x"))).toEqual({ q: "x", page: 1 });
    expect(parseCustomerFilters(new URLSearchParams(`q=${"a".repeat(300)}`)).q).toHaveLength(100);
  });
});

describe.each(databaseKinds())("customers in the back office (issue 27 point 5) on %s", (kind) => {
  let database: Database;
  let db: Db;
  let jose: User;
  let maria: User;
  let owner: User;
  let support: User;
  let dispatcher: User;
  let orderId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    jose = (await insertUser(db, {
      firstName: "José",
      lastName: "Martí Pérez",
      email: "jose.marti@example.cu",
    })) as User;
    maria = (await insertUser(db, { firstName: "MARÍA", lastName: "Núñez", email: "maria.nunez@correo.cu" })) as User;
    await db.insert(profiles).values([
      { userId: jose.id, phone: "+53 5 123 4567" },
      { userId: maria.id, phone: "(53) 7-830-0000" },
    ]);
    owner = (await insertUser(db, { firstName: "José", role: "owner", email: "jose.owner@example.cu" })) as User;
    support = (await insertUser(db, { role: "support" })) as User;
    dispatcher = (await insertUser(db, { role: "dispatcher" })) as User;
    orderId = await insertOrder(db, jose.id);
  });
  afterAll(() => database?.close());

  const emailsOf = async (q: string, page = 1, size?: number) =>
    (await searchCustomers(db, { q, page }, size)).rows.map((row) => row.email);

  it("finds a customer by any part of the name, case and accents ignored, either way round", async () => {
    for (const q of ["josé", "JOSE", "marti perez", "Martí", "é mart"]) {
      expect(await emailsOf(q), q).toEqual(["jose.marti@example.cu"]);
    }
    for (const q of ["maria", "María Núñez", "nunez"]) expect(await emailsOf(q), q).toContain("maria.nunez@correo.cu");
  });

  it("finds by part of the email and by the phone's digits whatever the spacing", async () => {
    expect(await emailsOf("@correo.CU")).toEqual(["maria.nunez@correo.cu"]);
    expect(await emailsOf("jose.m")).toEqual(["jose.marti@example.cu"]);
    expect(await emailsOf("51234567")).toEqual(["jose.marti@example.cu"]);
    expect(await emailsOf("+53 5 123-45 67")).toEqual(["jose.marti@example.cu"]);
    expect(await emailsOf("830 0000")).toEqual(["maria.nunez@correo.cu"]);
    expect(await emailsOf("99999999")).toEqual([]);
    // Too few digits to mean anything: nothing rather than everyone.
    expect(await emailsOf("53")).toEqual([]);
    // A literal % or _ is text, not a wildcard.
    expect(await emailsOf("%")).toEqual([]);
  });

  it("never lists staff accounts", async () => {
    expect(await emailsOf("jose")).toEqual(["jose.marti@example.cu"]);
    const all = (await searchCustomers(db, { q: "", page: 1 }, 1000)).rows.map((row) => row.id);
    expect(all).toEqual(expect.arrayContaining([jose.id, maria.id]));
    for (const staff of [owner, support, dispatcher]) expect(all).not.toContain(staff.id);
  });

  it("pages the matches, newest account first, and clamps a page past the last", async () => {
    const many: number[] = [];
    for (let i = 0; i < 7; i++) {
      const user = await insertUser(db, { firstName: "Paginada", lastName: `Número ${i}` });
      await db
        .update(users)
        .set({ dateJoined: new Date(Date.UTC(2026, 0, 1 + i)) })
        .where(eq(users.id, user.id));
      many.push(user.id);
    }
    const first = await searchCustomers(db, { q: "paginada", page: 1 }, 3);
    expect(first).toMatchObject({ total: 7, page: 1, pageCount: 3 });
    expect(first.rows.map((r) => r.id)).toEqual([many[6], many[5], many[4]]);
    const last = await searchCustomers(db, { q: "paginada", page: 99 }, 3);
    expect(last.page).toBe(3);
    expect(last.rows.map((r) => r.id)).toEqual([many[0]]);
    expect(CUSTOMERS_PAGE_SIZE).toBe(25);
  });

  // --- The pages, through their real loaders and actions -------------------------------------

  const context = (user: User) => createTestContext({ db, env, user }) as unknown as Readonly<RouterContextProvider>;
  const get = (user: User, path: string, params: Record<string, string>) =>
    (path.includes("/customers/") ? customerLoader : customersLoader)({
      request: new Request(`http://localhost${path}`),
      params: { lang: "es", ...params },
      context: context(user),
    } as never);
  const post = (user: User, id: number, fields: Record<string, string>) =>
    customerAction({
      request: new Request(`http://localhost/es/admin/customers/${id}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: { lang: "es", customerId: String(id) },
      context: context(user),
    } as never);
  const statusOf = async (promise: Promise<unknown>) => {
    try {
      const result = await promise;
      return result instanceof Response ? result.status : ((result as { init?: ResponseInit }).init?.status ?? 200);
    } catch (thrown) {
      return thrown instanceof Response ? thrown.status : (thrown as { init?: ResponseInit }).init?.status;
    }
  };
  const deactivatedAt = async (id: number) =>
    (await db.select({ at: users.deactivatedAt }).from(users).where(eq(users.id, id)))[0].at;
  const auditRows = (action: string, id: number) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));

  it("shows support the list and the customer's orders and reviews, without the deactivate form", async () => {
    const list = (await get(support, "/es/admin/customers?q=51234567", {})) as { rows: Array<{ id: number }> };
    expect(list.rows.map((r) => r.id)).toEqual([jose.id]);
    const page = (await get(support, `/es/admin/customers/${jose.id}`, { customerId: String(jose.id) })) as {
      customer: { email: string; phone: string; deactivated: string | null };
      orders: Array<{ id: string }>;
      reviews: unknown[];
      mayChange: boolean;
    };
    expect(page.customer).toMatchObject({ email: jose.email, phone: "+53 5 123 4567", deactivated: null });
    expect(page.orders.map((o) => o.id)).toEqual([orderId]);
    expect(page.reviews).toEqual([]);
    expect(page.mayChange).toBe(false);
  });

  it("answers 404 for a staff account's page, an unknown id, and a dispatcher", async () => {
    expect(await statusOf(get(owner, `/es/admin/customers/${support.id}`, { customerId: String(support.id) }))).toBe(
      404,
    );
    expect(await statusOf(get(owner, "/es/admin/customers/999999", { customerId: "999999" }))).toBe(404);
    expect(await statusOf(get(owner, "/es/admin/customers/x", { customerId: "x" }))).toBe(404);
    expect(await statusOf(get(dispatcher, "/es/admin/customers", {}))).toBe(404);
  });

  it("refuses support's deactivation with a 404 and changes nothing", async () => {
    const before = await db.select().from(auditLog);
    expect(await statusOf(post(support, jose.id, { intent: "deactivate", confirm: "yes" }))).toBe(404);
    expect(await deactivatedAt(jose.id)).toBeNull();
    expect(await db.select().from(auditLog)).toEqual(before);
  });

  it("asks the owner to confirm, then deactivates and reactivates, audited with the role, orders kept", async () => {
    // Without the box ticked: an error beside it, nothing done.
    const unconfirmed = (await post(owner, jose.id, { intent: "deactivate" })) as {
      data: { errors: Record<string, string> };
      init: ResponseInit;
    };
    expect(unconfirmed.init.status).toBe(400);
    expect(unconfirmed.data.errors).toEqual({ confirm: "admin.customers.confirmRequired" });
    expect(await deactivatedAt(jose.id)).toBeNull();

    const done = (await post(owner, jose.id, { intent: "deactivate", confirm: "yes" })) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/es/admin/customers/${jose.id}?done=deactivate`);
    expect(await deactivatedAt(jose.id)).toBeInstanceOf(Date);
    const [entry] = await auditRows("customer.deactivate", jose.id);
    expect(entry).toMatchObject({ actorId: owner.id, actorRole: "owner", entity: "user" });
    expect(entry.before).toMatchObject({ deactivatedAt: null });

    // Again: nothing more to do, no second entry.
    expect(await statusOf(post(owner, jose.id, { intent: "deactivate", confirm: "yes" }))).toBe(303);
    expect(await auditRows("customer.deactivate", jose.id)).toHaveLength(1);

    const page = (await get(owner, `/es/admin/customers/${jose.id}`, { customerId: String(jose.id) })) as {
      customer: { deactivated: string | null };
      orders: Array<{ id: string }>;
      mayChange: boolean;
    };
    expect(page.customer.deactivated).toEqual(expect.any(String));
    expect(page.orders.map((o) => o.id)).toEqual([orderId]);
    expect(page.mayChange).toBe(true);
    const list = (await get(owner, "/es/admin/customers?q=jose", {})) as { rows: Array<{ deactivated: unknown }> };
    expect(list.rows[0].deactivated).toEqual(expect.any(String));

    expect(await statusOf(post(owner, jose.id, { intent: "reactivate", confirm: "yes" }))).toBe(303);
    expect(await deactivatedAt(jose.id)).toBeNull();
    const [back] = await auditRows("customer.reactivate", jose.id);
    expect(back).toMatchObject({ actorId: owner.id, actorRole: "owner" });
    expect((await db.select().from(orders).where(eq(orders.userId, jose.id))).length).toBe(1);
  });

  it("never deactivates a staff account", async () => {
    expect(
      await setCustomerDeactivated(db, { id: owner.id, email: owner.email, role: "owner" }, support.id, true),
    ).toEqual({ ok: false, reason: "notFound" });
    expect(await statusOf(post(owner, support.id, { intent: "deactivate", confirm: "yes" }))).toBe(404);
    expect(await deactivatedAt(support.id)).toBeNull();
  });
});
