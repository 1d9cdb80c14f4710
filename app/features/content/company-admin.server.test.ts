import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { companyInfo } from "~/db/schema/content";
import { providerApplications } from "~/db/schema/providers";
import { getCompanyInfo } from "~/features/content/content.server";
import { insertProduct, insertUser } from "../../../tests/factories";
import { createLocalStore } from "~/features/media/store.server";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { getCompanyForEdit, saveCompany } from "./company-admin.server";

// Issue 12, point 5 (spec §3 Company info; §2.4 footer, §2.18 help centre, §2.19 seller page; D15
// dispatch point inside Cuba): the company record edited by an operator, checked on the server,
// audited before → after, and shown by the storefront at once; providers and products counted.

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-company-"));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const storedFiles = () => {
  const dir = path.join(dataDir, "media", "brand");
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

async function logoFile(): Promise<File> {
  const buffer = await sharp({ create: { width: 32, height: 32, channels: 4, background: "#f59e0b" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(buffer)], "logo.png", { type: "image/png" });
}

const VALID = {
  name: "Tienda Cuba",
  description: "La tienda de La Habana.",
  descriptionEn: "The Havana store.",
  facebookUrl: "https://facebook.com/tiendacuba",
  twitterUrl: "",
  instagramUrl: "https://instagram.com/tiendacuba",
  linkedinUrl: "",
  attPhone: "+53 7 555 0000",
  supportEmail: "soporte@tienda.cu",
  sellsPhone: "+53 5 555 1111",
  salesEmail: "ventas@tienda.cu",
  address: "Calle 23 y L, Vedado",
  dispatchLatitude: "23.1136",
  dispatchLongitude: "-82.3666",
};

function formOf(fields: Record<string, string>, logo?: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set("logo", logo ?? new File([], ""));
  return form;
}

describe.each(databaseKinds())("admin company info on %s (issue 12, point 5)", (kind) => {
  let database: Database;
  let actor: { id: number; email: string; role: string };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const operator = await insertUser(database.db, { role: "owner" });
    actor = { id: operator.id, email: operator.email, role: "owner" };
  });
  afterAll(() => database.close());

  const deps = () => ({ media: createLocalStore(path.join(dataDir, "media")), actor });

  it("starts from the defaults (D15 central Havana) before the record exists", async () => {
    const { company, providers, products } = await getCompanyForEdit(database.db);
    expect(company).toMatchObject({ name: "", dispatchLatitude: 23.1136, dispatchLongitude: -82.3666 });
    expect({ providers, products }).toEqual({ providers: 0, products: 0 });
  });

  it("saves every field with a logo, audits it, and the storefront (es and en) shows it at once", async () => {
    const { db } = database;
    expect(await getCompanyInfo(db, "es")).toBeNull(); // warm the memo while there is no record
    const files = storedFiles();
    const result = await saveCompany(db, deps(), formOf({ ...VALID, dispatchLatitude: "23,05" }, await logoFile()));
    expect(result).toEqual({ ok: true, id: 1 });
    expect(storedFiles()).toBe(files + 1);
    const es = await getCompanyInfo(db, "es");
    expect(es).toMatchObject({
      name: "Tienda Cuba",
      description: "La tienda de La Habana.",
      facebook_url: "https://facebook.com/tiendacuba",
      att_phone: "+53 7 555 0000",
      support_email: "soporte@tienda.cu",
      sells_phone: "+53 5 555 1111",
      sales_email: "ventas@tienda.cu",
    });
    expect(es?.company_logo_url).toMatch(/^\/media\/brand\/[\w-]+\.webp$/);
    expect((await getCompanyInfo(db, "en"))?.description).toBe("The Havana store.");
    const [row] = await db.select().from(companyInfo);
    expect(row).toMatchObject({
      dispatchLatitude: 23.05,
      dispatchLongitude: -82.3666,
      address: "Calle 23 y L, Vedado",
    });
  });

  it("changes the support email at once after a warmed cache, keeps the logo, audits before → after", async () => {
    const { db } = database;
    const logo = (await getCompanyInfo(db, "en"))?.company_logo_url; // warm
    const result = await saveCompany(
      db,
      deps(),
      formOf({ ...VALID, supportEmail: "ayuda@tienda.cu", descriptionEn: "" }),
    );
    expect(result.ok).toBe(true);
    const en = await getCompanyInfo(db, "en");
    expect(en).toMatchObject({
      support_email: "ayuda@tienda.cu",
      company_logo_url: logo,
      description: "La tienda de La Habana.",
    });
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, "company.update")).orderBy(auditLog.id);
    expect(entries.length).toBe(2);
    expect(entries[0].before).toBeNull();
    expect(entries[1]).toMatchObject({ actorId: actor.id, entity: "company", entityId: "1" });
    expect(entries[1].before).toMatchObject({ supportEmail: "soporte@tienda.cu" });
    expect(entries[1].after).toMatchObject({ supportEmail: "ayuda@tienda.cu", companyLogoUrl: logo });
  });

  it("refuses each invalid field with its key, changes nothing and writes no logo file", async () => {
    const { db } = database;
    const [before] = await db.select().from(companyInfo);
    const files = storedFiles();
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ name: "" }, { name: "admin.form.required" }],
      [{ facebookUrl: "http://facebook.com/x" }, { facebookUrl: "admin.company.errors.url" }],
      [{ linkedinUrl: "javascript:alert(1)" }, { linkedinUrl: "admin.company.errors.url" }],
      [{ attPhone: "llamar" }, { attPhone: "admin.company.errors.phone" }],
      [{ sellsPhone: "12" }, { sellsPhone: "admin.company.errors.phone" }],
      [{ supportEmail: "no-es-correo" }, { supportEmail: "admin.company.errors.email" }],
      [{ salesEmail: "a@b" }, { salesEmail: "admin.company.errors.email" }],
      [{ address: "d".repeat(301) }, { address: "admin.form.tooLong" }],
      [{ dispatchLatitude: "" }, { dispatchLatitude: "admin.form.required" }],
      [{ dispatchLatitude: "norte" }, { dispatchLatitude: "admin.company.errors.coordinate" }],
      // Madrid, and a point south of the island: outside Cuba's box (the shipping module's bounds).
      [
        { dispatchLatitude: "40.4168", dispatchLongitude: "-3.7038" },
        { dispatchLatitude: "admin.company.errors.outsideCuba", dispatchLongitude: "admin.company.errors.outsideCuba" },
      ],
      [{ dispatchLatitude: "18.9" }, { dispatchLatitude: "admin.company.errors.outsideCuba" }],
    ];
    for (const [fields, errors] of cases) {
      const result = await saveCompany(db, deps(), formOf({ ...VALID, ...fields }, await logoFile()));
      expect(result, JSON.stringify(fields)).toEqual({ ok: false, errors });
    }
    const notImage = new File([new TextEncoder().encode("<svg/>")], "logo.png");
    expect(await saveCompany(db, deps(), formOf(VALID, notImage))).toEqual({
      ok: false,
      errors: { logo: "admin.form.imageNotImage" },
    });
    expect(storedFiles()).toBe(files);
    expect((await db.select().from(companyInfo))[0]).toEqual(before);
  });

  it("shows providers and products as live counts (approved applications, products on sale)", async () => {
    const { db } = database;
    await insertProduct(db);
    await insertProduct(db, { archivedAt: new Date() });
    await db.insert(providerApplications).values({
      businessName: "Taller",
      contactName: "Ana",
      email: `ana-${kind}@taller.cu`,
      phone: "+53 5 555 2222",
      address: "Calle 1",
      providerType: "local",
      productCategories: "Ropa",
      businessDescription: "Ropa hecha a mano.",
      termsAccepted: true,
      status: "approved",
    });
    // Counts follow the storefront's memo (dropped by any catalogue change); a save drops it too.
    await saveCompany(db, deps(), formOf(VALID));
    expect(await getCompanyForEdit(db)).toMatchObject({ providers: 1, products: 1 });
  });
});
