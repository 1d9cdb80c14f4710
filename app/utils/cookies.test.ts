import { describe, expect, it } from "vitest";
import { getCurrencyPreference, readCookie, serializeCurrencyCookie } from "./cookies";

const withCookie = (cookie: string) => new Request("http://localhost/es/", { headers: { Cookie: cookie } });

describe("currency cookie (D5)", () => {
  it("reads USD or CUP and ignores anything else", () => {
    expect(getCurrencyPreference(withCookie("a=1; currency=CUP"))).toBe("CUP");
    expect(getCurrencyPreference(withCookie("currency=USD"))).toBe("USD");
    expect(getCurrencyPreference(withCookie("currency=EUR"))).toBe("USD");
    expect(getCurrencyPreference(new Request("http://localhost/"))).toBe("USD");
  });

  it("is set for the whole site for a year, SameSite=Lax, Secure only under https", () => {
    const http = serializeCurrencyCookie("CUP", new Request("http://localhost/es/set-currency"));
    expect(http).toBe("currency=CUP; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(serializeCurrencyCookie("USD", new Request("https://tienda.cu/"))).toContain("; Secure");
  });

  it("reads cookies by exact name", () => {
    expect(readCookie(withCookie("xcurrency=CUP; currency=USD"), "currency")).toBe("USD");
    expect(readCookie(withCookie("other=1"), "currency")).toBeNull();
  });
});
