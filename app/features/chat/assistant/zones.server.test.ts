import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { DEFAULT_ZONE, updateZone } from "~/features/delivery/zones.server";
import type { Language } from "~/i18n/languages";
import { createTestEnv } from "../../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../../tests/setup/db";
import { answerQuestion } from "../assistant.server";
import { namedPlaces } from "./zones.server";

const namedPlace = (message: string) => namedPlaces(message)[0] ?? null;

// Issue 26 point 1: the assistant answers "¿entregan en …?" from the store's delivery zones.

describe("the place a question names", () => {
  it("is a municipality by its whole name, accents and case ignored, the longest first", () => {
    expect(namedPlace("entregan en guines?")).toEqual({ municipality: expect.objectContaining({ id: "guines" }) });
    expect(namedPlace("llegan a la habana vieja")).toEqual({
      municipality: expect.objectContaining({ id: "la-habana-vieja" }),
    });
    expect(namedPlace("do you deliver to PLAZA DE LA REVOLUCION?")).toEqual({
      municipality: expect.objectContaining({ id: "plaza-de-la-revolucion" }),
    });
  });
  it("is a province when no municipality is named; San Luis needs its province", () => {
    expect(namedPlace("mandan pa mayabeque?")).toEqual({ province: expect.objectContaining({ id: "mayabeque" }) });
    expect(namedPlace("entregan en san luis?")).toBeNull();
    expect(namedPlace("entregan en san luis, santiago de cuba?")).toEqual({
      municipality: expect.objectContaining({ id: "san-luis-santiago-de-cuba" }),
    });
    expect(namedPlace("cuanto cuesta el envio")).toBeNull();
    expect(namedPlace("entregan fuera de la habana?")).toBeNull();
    expect(namedPlace("do you deliver outside Havana")).toBeNull();
  });
  it("knows a Havana neighbourhood's municipality ('el Vedado', 'Alamar', 'Santiago de las Vegas')", () => {
    expect(namedPlace("entregan en el Vedado?")).toEqual({
      municipality: expect.objectContaining({ id: "plaza-de-la-revolucion" }),
    });
    expect(namedPlace("mandan a Alamar")).toEqual({
      municipality: expect.objectContaining({ id: "la-habana-del-este" }),
    });
    expect(namedPlace("llegan a Santiago de las Vegas?")).toEqual({
      municipality: expect.objectContaining({ id: "boyeros" }),
    });
  });
  it("lists every municipality named, in the message's order, a name inside a longer one not counted", () => {
    expect(namedPlaces("entregan en el cotorro y en san miguel del padron?")).toEqual([
      { municipality: expect.objectContaining({ id: "cotorro" }) },
      { municipality: expect.objectContaining({ id: "san-miguel-del-padron" }) },
    ]);
    expect(namedPlaces("llegan a la habana vieja?")).toEqual([
      { municipality: expect.objectContaining({ id: "la-habana-vieja" }) },
    ]);
  });

  it("knows a province by its short name ('what about Santiago?', 'mandan pa Pinar', 'la Isla')", () => {
    expect(namedPlace("what about Santiago?")).toEqual({
      province: expect.objectContaining({ id: "santiago-de-cuba" }),
    });
    expect(namedPlace("mandan pa Pinar?")).toEqual({ province: expect.objectContaining({ id: "pinar-del-rio" }) });
    expect(namedPlace("mandan a Ciego?")).toEqual({ province: expect.objectContaining({ id: "ciego-de-avila" }) });
    expect(namedPlace("entregan en la isla?")).toEqual({
      province: expect.objectContaining({ id: "isla-de-la-juventud" }),
    });
  });
});

describe.each(databaseKinds())("the assistant on delivery zones (%s)", (kind) => {
  let database: Database;
  const env = createTestEnv();
  const ask = async (message: string, lang: Language = "es") =>
    (
      await answerQuestion(
        { db: database.db, env, now: () => new Date("2026-03-10T15:00:00Z") },
        { message, pageLanguage: lang, history: [], userId: null },
      )
    ).text;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("says yes with the days and express for an open municipality, in both languages", async () => {
    expect(await ask("oye entregan en guanabacoa?")).toContain(
      "Sí, entregamos en Guanabacoa (La Habana): de 1 a 2 días hábiles, con entrega express.",
    );
    expect(await ask("do you deliver to Holguin?", "en")).toContain(
      "Yes, we deliver to Holguín (Holguín): 1 to 2 business days, express available.",
    );
  });

  it("answers for each municipality named", async () => {
    const reply = await ask("entregan en el cotorro y en san miguel del padron?");
    expect(reply).toContain("Sí, entregamos en Cotorro (La Habana)");
    expect(reply).toContain("Sí, entregamos en San Miguel del Padrón (La Habana)");
  });

  it("gives a paused zone's reason and an unserved zone's no, as the operator set them", async () => {
    const actor = { id: null, email: "ops@example.com", role: "cli" };
    await updateZone(database.db, actor, "cerro", {
      ...DEFAULT_ZONE,
      paused: true,
      pauseReasonEs: "sin combustible hasta el lunes",
      pauseReasonEn: "no fuel until Monday",
    });
    await updateZone(database.db, actor, "maisi", { ...DEFAULT_ZONE, served: false });
    expect(await ask("llegan al cerro?")).toContain(
      "Ahora mismo la entrega en Cerro (La Habana) está en pausa: sin combustible hasta el lunes.",
    );
    expect(await ask("can you deliver to cerro", "en")).toContain("paused right now: no fuel until Monday");
    expect(await ask("entregan en maisi")).toContain("Por ahora no entregamos en Maisí (Guantánamo).");
    expect(await ask("hasta donde llegan en la provincia guantanamo? y en la habana?")).toMatch(
      /entregamos en (9 de sus 10|14 de sus 15) municipios/,
    );
  });
});
