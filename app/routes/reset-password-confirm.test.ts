import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { encodeUid } from "~/features/accounts/account-links.server";
import { createTestContext } from "../../tests/setup/context";
import { createTestDatabase } from "../../tests/setup/db";
import { action } from "./reset-password-confirm";

let database: Database;
let uid: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const [user] = await database.db
    .insert(users)
    .values({ email: "olvido@example.com", username: "olvido", isActive: true, language: "en" })
    .returning();
  uid = encodeUid(user.id);
});
afterAll(() => database.close());

type DataResult = { data: { errors?: Record<string, string>; formError?: string }; init: ResponseInit | null };

function post(fields: Record<string, string>, token = "abc-def") {
  const context = createTestContext({ db: database.db });
  const request = new Request(`http://localhost/password/reset/confirm/${uid}/${token}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return action({ request, params: { uid, token }, context } as never);
}

describe("reset password confirm action (§2.6, §5, §8)", () => {
  it("refuses a mismatch with 'Passwords do not match'", async () => {
    const res = (await post({
      new_password: "Platano-Frito-88",
      re_new_password: "Platano-Frito-89",
    })) as unknown as DataResult;
    expect(res.init?.status).toBe(400);
    expect(res.data.errors).toEqual({ re_new_password: "accounts.errors.passwordMismatch" });
  });

  it("answers a broken link with 'Error resetting your password'", async () => {
    const res = (await post({
      new_password: "Platano-Frito-88",
      re_new_password: "Platano-Frito-88",
    })) as unknown as DataResult;
    expect(res.data.formError).toBe("accounts.resetConfirm.failed");
  });
});
