import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { profiles, users } from "~/db/schema/accounts";
import type { User } from "~/features/accounts/accounts.server";
import { createTestContext } from "../../tests/setup/context";
import { createTestDatabase } from "../../tests/setup/db";
import { action, loader } from "./account";
import { loader as cartLoader } from "./cart";
import { loader as wishlistLoader } from "./wishlist";

let database: Database;
let user: User;
beforeAll(async () => {
  database = await createTestDatabase();
  [user] = await database.db
    .insert(users)
    .values({ email: "perfil@example.com", username: "perfil", firstName: "Rosa", lastName: "Díaz", isActive: true })
    .returning();
});
afterAll(() => database.close());

function call(
  fn: typeof loader | typeof action,
  url: string,
  opts: { user?: User | null; body?: Record<string, string> } = {},
) {
  const context = createTestContext({ db: database.db, user: opts.user ?? null });
  const request = new Request(url, opts.body ? { method: "POST", body: new URLSearchParams(opts.body) } : undefined);
  return fn({ request, params: { lang: "es" }, context } as never);
}

async function thrown(run: () => unknown): Promise<Response> {
  try {
    await run();
  } catch (error) {
    return error as Response;
  }
  throw new Error("expected a thrown redirect");
}

describe("account page (§2.16, D7)", () => {
  it("redirects a signed-out visitor to the login page that comes back (D7)", async () => {
    const res = await thrown(() => call(loader, "http://localhost/es/account"));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/es/login?next=${encodeURIComponent("/es/account")}`);
    const post = await thrown(() => call(action, "http://localhost/es/account", { body: { phone: "1" } }));
    expect(post.headers.get("Location")).toMatch(/^\/es\/login\?next=/);
  });

  it("shows the signed-in user's public fields and profile", async () => {
    const data = (await call(loader, "http://localhost/es/account?edit=1", { user })) as Awaited<
      ReturnType<typeof loader>
    >;
    expect(data.user).toEqual({
      id: user.id,
      email: "perfil@example.com",
      username: "perfil",
      first_name: "Rosa",
      last_name: "Díaz",
    });
    expect(data.editing).toBe(true);
    expect(data.profile.city).toBe("");
  });

  it("saves only the five profile fields", async () => {
    const res = (await call(action, "http://localhost/es/account", {
      user,
      body: {
        phone: "+53 5 555 1234",
        address: "Calle 23 #456",
        city: "Plaza de la Revolución",
        state_province_region: "La Habana",
        zipcode: "10400",
        email: "otro@example.com",
        username: "otro",
        first_name: "Otra",
      },
    })) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/es/account");
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile).toMatchObject({
      phone: "+53 5 555 1234",
      address: "Calle 23 #456",
      city: "Plaza de la Revolución",
      stateProvinceRegion: "La Habana",
      zipcode: "10400",
    });
    const [after] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ email: "perfil@example.com", username: "perfil", firstName: "Rosa" });
  });

  it("refuses a bad phone with the schema's message", async () => {
    const res = (await call(action, "http://localhost/es/account", {
      user,
      body: { phone: "llámame" },
    })) as unknown as {
      data: { errors: Record<string, string> };
      init: ResponseInit;
    };
    expect(res.init.status).toBe(400);
    expect(res.data.errors.phone).toBe("accounts.errors.phone");
  });
});

describe("pages that need sign-in (§6, D7)", () => {
  it("cart redirects a signed-out visitor at once; wishlist does not", async () => {
    const res = await thrown(() => call(cartLoader as never, "http://localhost/es/cart"));
    expect(res.headers.get("Location")).toBe(`/es/login?next=${encodeURIComponent("/es/cart")}`);
    expect(await call(wishlistLoader as never, "http://localhost/es/wishlist")).toEqual({ signedIn: false });
  });
});
