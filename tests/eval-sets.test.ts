/**
 * The evaluation sets of issue 23 point 6 keep their shape: every item sits in the half the
 * SHA-256 rule of evals/split.ts gives it (only the 95 chat questions written before the split are
 * development regardless), ids are unique, the sets keep their size, and every product they name
 * is the same product in the demo seed.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { seedDemoStore } from "~/db/seed/seed.server";
import { loadQuestions } from "../scripts/eval-chat";
import { loadSearchQueries } from "../scripts/eval-search";
import { chatSplitOf, splitOf, splitsFromArgs } from "../evals/split";
import { createTestDatabase } from "./setup/db";

const search = loadSearchQueries();
const chat = loadQuestions();
const named = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "..", "evals", "products.json"), "utf8")) as {
    products: Record<string, string>;
  }
).products;

/** SHA-256 of the sorted ids of the chat questions written before the split (issue 11), one per line. */
const LEGACY_IDS_SHA256 = "5e275e132acc0f2fe12b8279fb7e5e81616c187cc409ebf9498a8b4898f1a0db";

const productIdsIn = (text: string) => [...text.matchAll(/\/(?:es|en)\/product\/(\d+)\)/g)].map((m) => Number(m[1]));
const chatProductIds = chat.flatMap((q) =>
  [...q.expect.mustContain.flat(), ...(q.expect.mustNotContain ?? [])].flatMap(productIdsIn),
);
const duplicates = (ids: string[]) => ids.filter((id, i) => ids.indexOf(id) !== i);

describe("issue 23 point 6: evaluation sets split into a development and a held-out half", () => {
  it("splitOf: first byte of SHA-256(id) even is dev, odd is heldout", () => {
    // sha256("a") starts with the byte 0xca (even), sha256("e") with 0x3f (odd).
    expect(splitOf("a")).toBe("dev");
    expect(splitOf("e")).toBe("heldout");
    expect(splitsFromArgs([])).toEqual(["dev", "heldout"]);
    expect(splitsFromArgs(["--split", "heldout"])).toEqual(["heldout"]);
    expect(splitsFromArgs(["--split=dev"])).toEqual(["dev"]);
    expect(() => splitsFromArgs(["--split", "test"])).toThrow(/--split/);
  });

  it("search: at least 150 queries, unique ids, each in the half its hash gives", () => {
    expect(search.length).toBeGreaterThanOrEqual(150);
    expect(duplicates(search.map((q) => q.id))).toEqual([]);
    expect(search.filter((q) => q.split !== splitOf(q.id)).map((q) => q.id)).toEqual([]);
    for (const split of ["dev", "heldout"]) expect(search.filter((q) => q.split === split).length).toBeGreaterThan(0);
  });

  it("search: a query the store sells names its relevant products, one it does not sell names none", () => {
    expect(search.filter((q) => q.sold !== q.relevant.length > 0).map((q) => q.id)).toEqual([]);
    expect(search.filter((q) => !["es", "en"].includes(q.lang) || q.q.trim() === "").map((q) => q.id)).toEqual([]);
  });

  it("chat: at least 300 questions, unique ids, each in the half its hash gives, the issue-11 questions and those tuned on (s2-) in dev", () => {
    expect(chat.length).toBeGreaterThanOrEqual(300);
    expect(duplicates(chat.map((q) => q.id))).toEqual([]);
    const legacy = chat.filter((q) => q.legacy);
    const digest = createHash("sha256")
      .update(
        legacy
          .map((q) => q.id)
          .sort()
          .join("\n"),
      )
      .digest("hex");
    expect(legacy.length).toBe(95);
    expect(digest).toBe(LEGACY_IDS_SHA256);
    expect(legacy.filter((q) => q.split !== "dev").map((q) => q.id)).toEqual([]);
    expect(chat.filter((q) => q.split !== chatSplitOf(q.id, q.legacy)).map((q) => q.id)).toEqual([]);
    expect(chat.filter((q) => q.split === "heldout").length).toBeGreaterThan(0);
  });

  it("chat: every question has something to check and a valid clock", () => {
    const empty = chat.filter((q) => q.expect.mustContain.length === 0 && (q.expect.mustNotContain ?? []).length === 0);
    expect(empty.map((q) => q.id)).toEqual([]);
    expect(chat.filter((q) => q.at !== undefined && Number.isNaN(Date.parse(q.at))).map((q) => q.id)).toEqual([]);
  });

  describe("every product the sets name is that product in the demo seed", () => {
    let database: Database;
    let seeded: Map<number, string>;
    beforeAll(async () => {
      database = await createTestDatabase();
      await seedDemoStore(database.db, { media: null });
      const rows = await database.db.select({ id: products.id, name: products.name }).from(products);
      seeded = new Map(rows.map((r) => [r.id, r.name]));
    }, 120_000);
    afterAll(async () => {
      await database?.close();
    });

    it("evals/products.json matches the seed id for id", () => {
      const wrong = Object.entries(named).filter(([id, name]) => seeded.get(Number(id)) !== name);
      expect(wrong).toEqual([]);
    });

    it("each relevant product of a search query and each product link of a chat answer is named there", () => {
      const ids = [...search.flatMap((q) => q.relevant), ...chatProductIds];
      expect(ids.length).toBeGreaterThan(0);
      expect([...new Set(ids)].filter((id) => !(String(id) in named) || !seeded.has(id))).toEqual([]);
    });
  });
});
