import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { dataSaverOn } from "~/features/data-saver/preference";
import { action } from "./set-data-saver";

function post(fields: Record<string, string>, lang = "es", url = `http://localhost/${lang}/set-data-saver`) {
  const request = new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return action({ request, params: { lang }, context: new RouterContextProvider() } as never) as Promise<Response>;
}

describe("issue 26 point 7: the data saver switch", () => {
  it("sets the data_saver cookie for a year and goes back to redirectTo", async () => {
    const on = await post({ data_saver: "on", redirectTo: "/es/shop/alimentos?page=2" });
    expect(on.status).toBe(303);
    expect(on.headers.get("Location")).toBe("/es/shop/alimentos?page=2");
    expect(on.headers.get("Set-Cookie")).toBe("data_saver=on; Path=/; Max-Age=31536000; SameSite=Lax");
    const off = await post({ data_saver: "off", redirectTo: "/en/" }, "en", "https://shop.example/en/set-data-saver");
    expect(off.headers.get("Set-Cookie")).toBe("data_saver=off; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
  });

  it("ignores any other value and never redirects to another site", async () => {
    for (const data_saver of ["yes", "", "ON", "<b>"]) {
      const res = await post({ data_saver, redirectTo: "//evil.example/" }, "en");
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe("/en/");
      expect(res.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("the shopper's choice wins over the browser's Save-Data; without one, Save-Data: on turns it on", () => {
    expect(dataSaverOn(null, null)).toBe(false);
    expect(dataSaverOn(null, "on")).toBe(true);
    expect(dataSaverOn(null, " On ")).toBe(true);
    expect(dataSaverOn(null, "off")).toBe(false);
    expect(dataSaverOn("off", "on")).toBe(false);
    expect(dataSaverOn("on", null)).toBe(true);
    expect(dataSaverOn("garbage", "on")).toBe(true);
    expect(dataSaverOn("garbage", null)).toBe(false);
  });
});
