import { describe, expect, it } from "vitest";
import type { users } from "~/db/schema/accounts";
import { accountToken, checkAccountToken, nowSeconds } from "./account-links.server";

// Issue 24 point 4: emailed account links keep working across a rotation of SECRET_KEY while the
// old secret is still listed (the first secret signs, every listed one verifies).

const OLD = "old-secret-key-0123456789abcdef";
const NEW = "new-secret-key-0123456789abcdef";
const user = {
  id: 5,
  email: "eva@example.cu",
  passwordHash: "$argon2id$x",
  isActive: false,
  lastLogin: null,
} as unknown as typeof users.$inferSelect;

describe("account links across a secret rotation", () => {
  it("a link signed with the old secret works while it is listed, and not after", () => {
    const token = accountToken([OLD], "activation", user, nowSeconds());
    expect(checkAccountToken([NEW, OLD], "activation", user, token, 3600)).toBe(true);
    expect(checkAccountToken([NEW], "activation", user, token, 3600)).toBe(false);
    expect(checkAccountToken([NEW, OLD], "reset", user, token, 3600)).toBe(false);
    const fresh = accountToken([NEW, OLD], "activation", user, nowSeconds());
    expect(checkAccountToken([NEW], "activation", user, fresh, 3600)).toBe(true);
    expect(checkAccountToken([OLD], "activation", user, fresh, 3600)).toBe(false);
  });
});
