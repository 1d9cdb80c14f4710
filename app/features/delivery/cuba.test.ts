import { describe, expect, it } from "vitest";
import { HAVANA_MUNICIPALITIES } from "~/features/shipping/municipalities";
import { MUNICIPALITIES, PROVINCES, findMunicipality, municipalityNamed, slugOf } from "./cuba";

// Issue 26 point 1: the data of Cuba's provinces and municipalities that ships with the store.

describe("Cuba's provinces and municipalities", () => {
  it("are the 15 provinces and Isla de la Juventud, with 168 municipalities", () => {
    expect(PROVINCES).toHaveLength(16);
    expect(MUNICIPALITIES).toHaveLength(168);
    const per = Object.fromEntries(
      PROVINCES.map((p) => [p.id, MUNICIPALITIES.filter((m) => m.provinceId === p.id).length]),
    );
    expect(per).toMatchObject({ "la-habana": 15, artemisa: 11, mayabeque: 11, holguin: 14, "isla-de-la-juventud": 1 });
  });

  it("give every municipality a unique id; San Luis, found in two provinces, carries its province", () => {
    expect(new Set(MUNICIPALITIES.map((m) => m.id)).size).toBe(168);
    expect(MUNICIPALITIES.filter((m) => m.name === "San Luis").map((m) => m.id)).toEqual([
      "san-luis-pinar-del-rio",
      "san-luis-santiago-de-cuba",
    ]);
    expect(findMunicipality("guira-de-melena")?.name).toBe("Güira de Melena");
    expect(slugOf("Ciego de Ávila")).toBe("ciego-de-avila");
  });

  it("name La Habana's municipalities as the checkout's places do (same ids)", () => {
    expect(MUNICIPALITIES.filter((m) => m.provinceId === "la-habana").map((m) => m.id)).toEqual(
      HAVANA_MUNICIPALITIES.map((p) => p.id),
    );
  });

  it("find a municipality as a shopper types it: no accents, any case; the province settles a shared name", () => {
    expect(municipalityNamed("guines")?.id).toBe("guines");
    expect(municipalityNamed("  PLAZA DE LA REVOLUCION ")?.id).toBe("plaza-de-la-revolucion");
    expect(municipalityNamed("San Luis")).toBeUndefined();
    expect(municipalityNamed("san luis", "Santiago de Cuba")?.id).toBe("san-luis-santiago-de-cuba");
    expect(municipalityNamed("Playa", "Matanzas")?.id).toBe("playa");
    expect(municipalityNamed("Narnia")).toBeUndefined();
  });
});
