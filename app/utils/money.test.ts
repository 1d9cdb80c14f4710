import { describe, expect, it } from "vitest";
import { discountPercent, formatPrice, isCurrency } from "./money";

describe("formatPrice (§9, D1)", () => {
  it("shows USD with a $ prefix and 2 decimals", () => {
    expect(formatPrice(12.5, "USD", 371, "es")).toBe("$12.50");
    expect(formatPrice(12.5, "USD", 371, "en")).toBe("$12.50");
    expect(formatPrice(0, "USD", 371, "es")).toBe("$0.00");
    expect(formatPrice(3, "USD", 371, "en")).toBe("$3.00");
    expect(formatPrice(1.005, "USD", 371, "en")).toBe("$1.01");
  });

  it("groups USD thousands", () => {
    expect(formatPrice(1234.5, "USD", 371, "es")).toBe("$1,234.50");
    expect(formatPrice(1234567.89, "USD", 371, "en")).toBe("$1,234,567.89");
  });

  it("shows CUP as round(usd * rate) with no decimals and the suffix CUP", () => {
    expect(formatPrice(13.14, "CUP", 371, "es")).toBe("4,875 CUP"); // 4874.94
    expect(formatPrice(1, "CUP", 371, "en")).toBe("371 CUP");
    expect(formatPrice(0.5, "CUP", 371, "es")).toBe("186 CUP"); // 185.5 rounds up
    expect(formatPrice(12.5, "CUP", 400, "en")).toBe("5,000 CUP");
    expect(formatPrice(0, "CUP", 371, "es")).toBe("0 CUP");
    expect(formatPrice(10000, "CUP", 371, "es")).toBe("3,710,000 CUP");
  });
});

describe("discountPercent", () => {
  it("is the whole-percent saving when the price is below the original", () => {
    expect(discountPercent(80, 100)).toBe(20);
    expect(discountPercent(9.99, 14.99)).toBe(33);
  });
  it("is null without a saving", () => {
    expect(discountPercent(100, 100)).toBeNull();
    expect(discountPercent(120, 100)).toBeNull();
    expect(discountPercent(10, 0)).toBeNull();
  });
});

describe("isCurrency (D5)", () => {
  it("accepts only USD and CUP", () => {
    expect(isCurrency("USD")).toBe(true);
    expect(isCurrency("CUP")).toBe(true);
    expect(isCurrency("EUR")).toBe(false);
    expect(isCurrency("usd")).toBe(false);
    expect(isCurrency(undefined)).toBe(false);
  });
});
