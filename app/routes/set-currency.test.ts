import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { action } from "./set-currency";

function post(fields: Record<string, string>, lang = "es") {
  const request = new Request(`http://localhost/${lang}/set-currency`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return action({ request, params: { lang }, context: new RouterContextProvider() } as never) as Promise<Response>;
}

describe("set-currency action (D5)", () => {
  it("sets the currency cookie and goes back to redirectTo", async () => {
    const res = await post({ currency: "CUP", redirectTo: "/es/search?q=arroz" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/es/search?q=arroz");
    expect(res.headers.get("Set-Cookie")).toBe("currency=CUP; Path=/; Max-Age=31536000; SameSite=Lax");
  });

  it("ignores an unsupported currency", async () => {
    const res = await post({ currency: "EUR", redirectTo: "/en/" }, "en");
    expect(res.headers.get("Location")).toBe("/en/");
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("never redirects to another site", async () => {
    for (const redirectTo of ["https://evil.example/", "//evil.example/", ""]) {
      const res = await post({ currency: "USD", redirectTo }, "en");
      expect(res.headers.get("Location")).toBe("/en/");
    }
  });
});
