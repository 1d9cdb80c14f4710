import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "./images";
import { contentKey, variantKey } from "./keys.server";
import { createLocalStore, listKeys } from "./store.server";
import { upgradeLegacyWidths } from "./variants.server";

// A DATA_DIR/media from before widths were keyed by content (they lived in `.cache/`, named by
// the original's file time) gets every width again, once, uploads included; docs/decisions/009.

const dirs: string[] = [];
const tempStore = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "legacy-media-"));
  dirs.push(dir);
  return createLocalStore(dir);
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe("upgradeLegacyWidths", () => {
  it("remakes every width of every image of an old directory once, and drops the old cache", async () => {
    const store = tempStore();
    const upload = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#f43f5e" } })
      .webp()
      .toBuffer();
    await store.write("slides/uploaded.webp", upload);
    await store.write(".cache/0123456789abcdef0123456789abcdef.webp", Buffer.from("old width"));
    await store.write("notes.txt", Buffer.from("not an image"));

    expect(await upgradeLegacyWidths(store)).toBe(1);
    const keys = await listKeys(store);
    for (const width of IMAGE_WIDTHS) {
      expect(keys.has(variantKey("slides/uploaded.webp", contentKey(upload), width)), `w=${width}`).toBe(true);
    }
    expect([...keys].filter((k) => k.startsWith(".cache/"))).toEqual([]);
    // Once: a restart does nothing more.
    expect(await upgradeLegacyWidths(store)).toBe(0);
  });

  it("only marks a store that never had the old cache (a new directory or bucket)", async () => {
    const store = tempStore();
    const image = await sharp({ create: { width: 100, height: 100, channels: 3, background: "#000" } })
      .webp()
      .toBuffer();
    await store.write("products/x.webp", image);
    expect(await upgradeLegacyWidths(store)).toBe(0);
    expect([...(await listKeys(store))].sort()).toEqual([".variants-v1", "products/x.webp"]);
  });
});
