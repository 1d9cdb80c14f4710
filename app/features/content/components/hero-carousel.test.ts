import { describe, expect, it } from "vitest";
import { startingSlide } from "./hero-carousel";

// §2.5 (a random starting slide) with issue 24 point 8 (the home page's ETag the same on every
// host): the start depends on the hour only, so every process renders the same page.

describe("the carousel's starting slide", () => {
  it("is the same for every render within an hour, and another slide over the hours", () => {
    const hour = Date.UTC(2026, 10, 27, 14);
    const starts = [0, 1, 1_799_999, 3_599_999].map((ms) => startingSlide(7, new Date(hour + ms)));
    expect(new Set(starts).size).toBe(1);
    const overADay = Array.from({ length: 24 }, (_, h) => startingSlide(7, new Date(hour + h * 3_600_000)));
    expect(new Set(overADay).size).toBeGreaterThan(4);
    expect(overADay.every((n) => Number.isInteger(n) && n >= 0 && n < 7)).toBe(true);
    expect(startingSlide(1, new Date(hour))).toBe(0);
    expect(startingSlide(0, new Date(hour))).toBe(0);
  });
});
