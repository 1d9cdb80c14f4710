import { describe, expect, it } from "vitest";
import { parseRange, weekOf } from "./range";

// Issue 27 point 4: the reports' date range, as the GET form sends it.

const query = (from?: string, to?: string) =>
  new URLSearchParams({ ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) });

describe("the reports' range", () => {
  it("defaults to the last 30 Havana days up to today", () => {
    expect(parseRange(query(), "2026-11-28")).toEqual({ from: "2026-10-30", to: "2026-11-28", errors: {}, ok: true });
  });

  it("refuses a bad date beside its field and keeps what was typed", () => {
    expect(parseRange(query("2026-02-30", "ayer"), "2026-11-28")).toEqual({
      from: "2026-02-30",
      to: "ayer",
      errors: { from: "admin.reports.errors.date", to: "admin.reports.errors.date" },
      ok: false,
    });
  });

  it("refuses a start after the end, and more than two years", () => {
    expect(parseRange(query("2026-11-02", "2026-11-01"), "2026-11-28").errors).toEqual({
      from: "admin.reports.errors.order",
    });
    expect(parseRange(query("2024-11-01", "2026-11-01"), "2026-11-28").ok).toBe(true); // 731 days
    expect(parseRange(query("2024-10-31", "2026-11-01"), "2026-11-28").errors).toEqual({
      to: "admin.reports.errors.span",
    });
    expect(parseRange(query("2026-11-01", "2026-11-01"), "2026-11-28").ok).toBe(true);
  });

  it("names a week by its Monday", () => {
    expect(weekOf("2026-11-23")).toBe("2026-11-23");
    expect(weekOf("2026-11-22")).toBe("2026-11-16");
    expect(weekOf("2026-11-29")).toBe("2026-11-23");
    expect(weekOf("2027-01-01")).toBe("2026-12-28");
  });
});
