import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { slides } from "~/db/schema/content";
import { getSlides } from "~/features/content/content.server";
import { insertUser } from "../../../tests/factories";
import { createLocalStore } from "~/features/media/store.server";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { isHttpsUrl, isSitePath, listSlides, moveSlide, saveSlide } from "./slides-admin.server";

// Issue 12, point 5 (spec §2.5 hero carousel, §3 Slide): slides created, edited, reordered and
// hidden by an operator, checked on the server, audited, and shown on the home page at once.

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-slides-"));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const storedFiles = () => {
  const dir = path.join(dataDir, "media", "slides");
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

async function jpeg(): Promise<File> {
  const buffer = await sharp({ create: { width: 60, height: 20, channels: 3, background: "#1d4ed8" } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(buffer)], "slide.jpg", { type: "image/jpeg" });
}

function formOf(fields: Record<string, string>, image?: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set("image", image ?? new File([], ""));
  return form;
}

const VALID = {
  title: "Rebajas de verano",
  titleEn: "Summer sale",
  subtitle: "Hasta 30 % menos",
  subtitleEn: "Up to 30% off",
  link: "/shop/ropa",
  appLink: "",
  phoneNumber: "",
  whatsappMessage: "",
  active: "on",
};

describe("slide links", () => {
  it("accept a site path or an https URL, nothing that leaves for another host or runs a script", () => {
    for (const ok of ["/", "/shop/ropa", "/es/search?q=cafe"]) expect(isSitePath(ok), ok).toBe(true);
    for (const bad of ["//evil.example", "/\\evil", "shop/ropa", "/a b"]) expect(isSitePath(bad), bad).toBe(false);
    expect(isHttpsUrl("https://tienda.cu/promo")).toBe(true);
    for (const bad of ["http://tienda.cu", "javascript:alert(1)", "https://", "https://a b.cu"]) {
      expect(isHttpsUrl(bad), bad).toBe(false);
    }
  });
});

describe.each(databaseKinds())("admin slides on %s (issue 12, point 5)", (kind) => {
  let database: Database;
  let actor: { id: number; email: string; role: string };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const operator = await insertUser(database.db, { role: "owner" });
    actor = { id: operator.id, email: operator.email, role: "owner" };
  });
  afterAll(() => database.close());

  const deps = () => ({ media: createLocalStore(path.join(dataDir, "media")), actor });
  const audits = (action: string) =>
    database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);

  it("creates a slide with every column, last in order, audited, and the home carousel shows it at once (es and en)", async () => {
    const { db } = database;
    await getSlides(db, "es"); // warm the storefront's memo
    await getSlides(db, "en");
    const files = storedFiles();
    const result = await saveSlide(
      db,
      deps(),
      formOf(
        {
          ...VALID,
          appLink: "miapp://ofertas",
          hasWhatsapp: "on",
          phoneNumber: "+53 5 555 1234",
          whatsappMessage: "Hola, quiero la oferta",
        },
        await jpeg(),
      ),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(storedFiles()).toBe(files + 1);
    const es = await getSlides(db, "es");
    const en = await getSlides(db, "en");
    expect(es.at(-1)).toMatchObject({
      id: result.id,
      title: "Rebajas de verano",
      subtitle: "Hasta 30 % menos",
      link: "/shop/ropa",
      app_link: "miapp://ofertas",
      has_whatsapp: true,
      phone_number: "+53 5 555 1234",
      whatsapp_message: "Hola, quiero la oferta",
    });
    expect(es.at(-1)?.image_url).toMatch(/^\/media\/slides\/[\w-]+\.webp$/);
    expect(en.at(-1)).toMatchObject({ title: "Summer sale", subtitle: "Up to 30% off" });
    const [entry] = await audits("slide.create");
    expect(entry).toMatchObject({ actorId: actor.id, entity: "slide", entityId: String(result.id), before: null });
    expect(entry.after).toMatchObject({ title: "Rebajas de verano", hasWhatsapp: true, position: 1 });
  });

  it("refuses each invalid field with its key, stores nothing and writes no image file", async () => {
    const { db } = database;
    const count = (await listSlides(db)).length;
    const files = storedFiles();
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ title: " " }, { title: "admin.form.required" }],
      [{ title: "t".repeat(121) }, { title: "admin.form.tooLong" }],
      [{ subtitleEn: "s".repeat(241) }, { subtitleEn: "admin.form.tooLong" }],
      [{ link: "javascript:alert(1)" }, { link: "admin.slides.errors.link" }],
      [{ link: "//evil.example/x" }, { link: "admin.slides.errors.link" }],
      [{ link: "http://tienda.cu" }, { link: "admin.slides.errors.link" }],
      [{ appLink: "javascript://x%0aalert(1)" }, { appLink: "admin.slides.errors.appLink" }],
      [{ appLink: "no es enlace" }, { appLink: "admin.slides.errors.appLink" }],
      [{ hasWhatsapp: "on", phoneNumber: "" }, { phoneNumber: "admin.slides.errors.phoneRequired" }],
      [{ phoneNumber: "llámame" }, { phoneNumber: "admin.slides.errors.phone" }],
      [{ phoneNumber: "+53 12" }, { phoneNumber: "admin.slides.errors.phone" }],
      [{ whatsappMessage: "m".repeat(501) }, { whatsappMessage: "admin.form.tooLong" }],
    ];
    for (const [fields, errors] of cases) {
      const result = await saveSlide(db, deps(), formOf({ ...VALID, ...fields }, await jpeg()));
      expect(result, JSON.stringify(fields)).toEqual({ ok: false, errors });
    }
    // A new slide needs its image; a file that is not an image is refused.
    expect(await saveSlide(db, deps(), formOf(VALID))).toEqual({
      ok: false,
      errors: { image: "admin.slides.errors.imageRequired" },
    });
    const text = new File([new TextEncoder().encode("hola")], "a.jpg", { type: "image/jpeg" });
    expect(await saveSlide(db, deps(), formOf(VALID, text))).toEqual({
      ok: false,
      errors: { image: "admin.form.imageNotImage" },
    });
    expect(storedFiles()).toBe(files);
    expect((await listSlides(db)).length).toBe(count);
  });

  it("edits the Spanish title, keeps the image when none is picked, hides an inactive slide, audits before → after", async () => {
    const { db } = database;
    const [slide] = await listSlides(db);
    expect((await getSlides(db, "es")).some((s) => s.id === slide.id)).toBe(true); // warm
    const result = await saveSlide(db, deps(), formOf({ ...VALID, title: "Nuevo título" }), slide.id);
    expect(result).toEqual({ ok: true, id: slide.id });
    const shown = (await getSlides(db, "es")).find((s) => s.id === slide.id);
    expect(shown).toMatchObject({ title: "Nuevo título", image_url: slide.imageUrl, has_whatsapp: false });
    const entry = (await audits("slide.update")).at(-1)!;
    expect(entry.before).toMatchObject({ title: "Rebajas de verano", hasWhatsapp: true });
    expect(entry.after).toMatchObject({ title: "Nuevo título", hasWhatsapp: false, imageUrl: slide.imageUrl });

    // An unticked "active" box hides it from the carousel at once.
    const { active: _active, ...inactive } = VALID;
    expect(await saveSlide(db, deps(), formOf(inactive), slide.id)).toEqual({ ok: true, id: slide.id });
    expect((await getSlides(db, "es")).some((s) => s.id === slide.id)).toBe(false);
    expect(await saveSlide(db, deps(), formOf(VALID), 99_999_999)).toEqual({
      ok: false,
      errors: { form: "admin.form.notFound" },
    });
  });

  it("moves slides up and down, renumbers positions, audits, and the carousel order follows", async () => {
    const { db } = database;
    await db.update(slides).set({ active: true });
    for (const title of ["Dos", "Tres"]) {
      expect((await saveSlide(db, deps(), formOf({ ...VALID, title }, await jpeg()))).ok).toBe(true);
    }
    const ids = (await listSlides(db)).map((s) => s.id);
    expect(ids.length).toBe(3);
    await getSlides(db, "es"); // warm
    expect(await moveSlide(db, actor, ids[2], "up")).toBe(true);
    expect((await getSlides(db, "es")).map((s) => s.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect((await listSlides(db)).map((s) => s.position)).toEqual([1, 2, 3]);
    const logged = (await audits("slide.reorder")).length;
    expect(logged).toBe(1);
    expect(await moveSlide(db, actor, ids[0], "up")).toBe(false);
    expect(await moveSlide(db, actor, ids[1], "down")).toBe(false);
    expect(await moveSlide(db, actor, 99_999_999, "up")).toBe(false);
    expect((await audits("slide.reorder")).length).toBe(logged);
  });
});
