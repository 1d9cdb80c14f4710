import { describe, expect, it } from "vitest";
import { DELIVERY_PLACES, HAVANA_MUNICIPALITIES, PROVINCIAL_CAPITALS, findDeliveryPlace } from "./municipalities";
import {
  DISPATCH_POINT,
  EXPRESS_CUTOFF_HOUR,
  FALLBACK_SHIPPING_CUP,
  FREE_SHIPPING_MIN_CENTS,
  SHIPPING_RATE_CUP_PER_KM,
  distanceKm,
  havanaTime,
  isExpressAvailable,
  isInCuba,
  quoteShipping,
} from "./shipping";

/** 1° of latitude due south of the dispatch point: 111.195 km on the mean Earth radius. */
const ONE_DEGREE_SOUTH = { latitude: DISPATCH_POINT.latitude - 1, longitude: DISPATCH_POINT.longitude };
/** 10:00 in Havana on a winter day (UTC-5). */
const MORNING = new Date("2026-01-15T15:00:00Z");

const quote = (overrides: Partial<Parameters<typeof quoteShipping>[0]> = {}) =>
  quoteShipping({ to: ONE_DEGREE_SOUTH, option: "standard", goodsAfterCouponCents: 0, now: MORNING, ...overrides });

describe("shipping (D14, D15, D16, §9)", () => {
  it("§9 publishes the figures the help pages quote", () => {
    expect(SHIPPING_RATE_CUP_PER_KM).toEqual({ standard: 80, express: 150 });
    expect(FREE_SHIPPING_MIN_CENTS).toBe(5000);
    expect(EXPRESS_CUTOFF_HOUR).toBe(14);
    expect(FALLBACK_SHIPPING_CUP).toBe(400);
    expect(DISPATCH_POINT).toEqual({ latitude: 23.1136, longitude: -82.3666 });
  });

  it("D15 measures great-circle distance and charges ceil(km * 80) standard, ceil(km * 150) express in whole CUP", () => {
    expect(distanceKm(DISPATCH_POINT, DISPATCH_POINT)).toBe(0);
    expect(distanceKm(DISPATCH_POINT, ONE_DEGREE_SOUTH)).toBeCloseTo(111.1951, 3);
    // Havana to Santiago de Cuba, about 760 km as the crow flies.
    expect(distanceKm(DISPATCH_POINT, { latitude: 20.0247, longitude: -75.8219 })).toBeCloseTo(762, -1);

    expect(quote()).toEqual({
      ok: true,
      costCup: 8896, // 111.1951 * 80 = 8895.6
      distanceKm: expect.closeTo(111.1951, 3),
      free: false,
      option: "standard",
    });
    expect(quote({ option: "express" })).toMatchObject({ ok: true, costCup: 16680, free: false }); // 16679.27
    // A few hundred metres still cost whole CUP, rounded up.
    const nearby = { latitude: 23.1136, longitude: -82.3616 };
    const km = distanceKm(DISPATCH_POINT, nearby);
    expect(km).toBeGreaterThan(0.5);
    expect(km).toBeLessThan(0.52);
    expect(quote({ to: nearby })).toMatchObject({ ok: true, costCup: Math.ceil(km * 80) });
    expect(quote({ to: nearby, option: "express" })).toMatchObject({ ok: true, costCup: Math.ceil(km * 150) });
    expect(quote({ to: DISPATCH_POINT })).toMatchObject({ ok: true, costCup: 0 });
    // Another dispatch point (D15: configurable) changes the distance.
    expect(quote({ from: ONE_DEGREE_SOUTH })).toMatchObject({ ok: true, costCup: 0 });
  });

  it("D14 makes standard delivery free from 50.00 USD of goods after coupon, never express", () => {
    expect(quote({ goodsAfterCouponCents: 4999 })).toMatchObject({ ok: true, costCup: 8896, free: false });
    expect(quote({ goodsAfterCouponCents: 5000 })).toMatchObject({ ok: true, costCup: 0, free: true });
    expect(quote({ goodsAfterCouponCents: 250_000 })).toMatchObject({ ok: true, costCup: 0, free: true });
    expect(quote({ option: "express", goodsAfterCouponCents: 5000 })).toMatchObject({
      ok: true,
      costCup: 16680,
      free: false,
    });
  });

  it("§4.5 D15 refuses express from 14:00 Havana time, winter (UTC-5) and summer (UTC-4) alike", () => {
    const cases: Array<[string, string, boolean]> = [
      ["2026-01-15T18:59:00Z", "13:59", true],
      ["2026-01-15T19:00:00Z", "14:00", false],
      ["2026-07-15T17:59:59Z", "13:59", true],
      ["2026-07-15T18:00:00Z", "14:00", false],
      ["2026-01-16T04:59:00Z", "23:59", false],
      ["2026-01-16T05:00:00Z", "00:00", true],
    ];
    for (const [iso, clock, open] of cases) {
      const now = new Date(iso);
      const { hour, minute } = havanaTime(now);
      expect(`${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`, iso).toBe(clock);
      expect(isExpressAvailable(now), iso).toBe(open);
      expect(quote({ option: "express", now }).ok, iso).toBe(open);
      // Standard is offered at any hour.
      expect(quote({ now }).ok, iso).toBe(true);
    }
    expect(quote({ option: "express", now: new Date("2026-01-15T19:00:00Z") })).toEqual({
      ok: false,
      error: "shipping.errors.expressClosed",
    });
  });

  it("accepts points in Cuba (island and Isla de la Juventud) only", () => {
    const inside = [
      DISPATCH_POINT,
      { latitude: 20.0247, longitude: -75.8219 }, // Santiago de Cuba
      { latitude: 21.8833, longitude: -82.8 }, // Nueva Gerona
      { latitude: 21.8667, longitude: -84.95 }, // Cabo San Antonio
      { latitude: 20.2167, longitude: -74.1333 }, // Punta Maisí
    ];
    for (const point of inside) expect(isInCuba(point), JSON.stringify(point)).toBe(true);
    const outside = [
      { latitude: 25.7617, longitude: -80.1918 }, // Miami
      { latitude: 24.5551, longitude: -81.78 }, // Key West
      { latitude: 21.1619, longitude: -86.8515 }, // Cancún
      { latitude: 17.9712, longitude: -76.7936 }, // Kingston
      { latitude: 0, longitude: 0 },
      { latitude: Number.NaN, longitude: -82 },
      { latitude: 23, longitude: Number.POSITIVE_INFINITY },
    ];
    for (const point of outside) expect(isInCuba(point), JSON.stringify(point)).toBe(false);

    expect(quote({ to: { latitude: 25.7617, longitude: -80.1918 } })).toEqual({
      ok: false,
      error: "shipping.errors.outsideCuba",
    });
    for (const to of [{}, { latitude: 23.1 }, { latitude: 91, longitude: 0 }, { latitude: 23, longitude: -181 }]) {
      expect(quote({ to }), JSON.stringify(to)).toEqual({ ok: false, error: "shipping.errors.invalidLocation" });
    }
    for (const option of ["overnight", "", null, 1, "STANDARD"]) {
      expect(quote({ option }), String(option)).toEqual({ ok: false, error: "shipping.errors.invalidOption" });
    }
  });

  it("§2.14 lists the 15 municipalities of La Habana and every provincial capital, all in Cuba", () => {
    expect(HAVANA_MUNICIPALITIES).toHaveLength(15);
    expect(new Set(HAVANA_MUNICIPALITIES.map((p) => p.province))).toEqual(new Set(["La Habana"]));
    // 14 other provinces plus the special municipality of Isla de la Juventud.
    expect(PROVINCIAL_CAPITALS).toHaveLength(15);
    expect(new Set(PROVINCIAL_CAPITALS.map((p) => p.province)).size).toBe(15);
    expect(new Set(DELIVERY_PLACES.map((p) => p.id)).size).toBe(DELIVERY_PLACES.length);
    for (const place of DELIVERY_PLACES) {
      expect(place.id, place.name).toMatch(/^[a-z0-9-]+$/);
      expect(isInCuba(place), place.name).toBe(true);
    }
    // Every Havana municipality is within 30 km of the dispatch point.
    for (const place of HAVANA_MUNICIPALITIES) expect(distanceKm(DISPATCH_POINT, place), place.name).toBeLessThan(30);
    expect(findDeliveryPlace("santiago-de-cuba")).toMatchObject({
      name: "Santiago de Cuba",
      province: "Santiago de Cuba",
    });
    expect(findDeliveryPlace("madrid")).toBeUndefined();
  });
});
