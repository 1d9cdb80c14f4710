import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { RootData } from "~/components/root-data";
import { en } from "~/i18n/en";
import { es } from "~/i18n/es";
import type { ShippingFormValues } from "../checkout-view";
import { ShippingForm } from "./shipping-form";

const values: ShippingFormValues = {
  first_name: "Yanet",
  last_name: "Castro",
  client_id: "",
  address: "Calle 23 #456",
  city: "",
  state: "",
  zip_code: "",
  phone: "",
  place: "",
  delivery_latitude: "",
  delivery_longitude: "",
  delivery_option: "standard",
  is_gift: false,
  gift_message: "",
  save_profile: false,
  recipient: "self",
  save_recipient: false,
};

/** The shipping step as the server sends it, before any JavaScript runs. */
function render(
  lang: "es" | "en",
  errors: Record<string, string> = {},
  overrides: Partial<ShippingFormValues> = {},
): string {
  const root: RootData = {
    lang,
    messages: lang === "es" ? es : en,
    currency: "USD",
    rate: 371,
    categories: [],
    company: null,
    publicUrl: "http://localhost",
  };
  const form = createElement(ShippingForm, {
    values: { ...values, ...overrides },
    errors,
    costs: { standard: null, express: null },
    expressAvailable: true,
    tileUrl: "http://127.0.0.1/{z}/{x}/{y}.png",
    onShippingChange: () => {},
  });
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: () => form, children: [{ path: "*", Component: () => form }] },
  ]);
  return renderToString(
    createElement(Stub, { initialEntries: [`/${lang}/checkout`], hydrationData: { loaderData: { root } } }),
  );
}

const input = (html: string, name: string) => html.match(new RegExp(`<input [^>]*name="${name}"[^>]*>`))?.[0] ?? "";

describe("the shipping step's form before JavaScript (§2.14, §3, §5)", () => {
  it("sends each §3 field under its id and name, with its browser hints, the draft's value and 'required'", () => {
    const html = render("es");
    const fields = [
      ["first_name", 'autoComplete="given-name" maxLength="100"'],
      ["last_name", 'autoComplete="family-name" maxLength="100"'],
      ["client_id", 'autoComplete="off" inputMode="numeric" maxLength="30"'],
      ["phone", 'type="tel" autoComplete="tel" maxLength="30"'],
      ["address", 'autoComplete="street-address" maxLength="255"'],
      ["city", 'autoComplete="address-level2" maxLength="100"'],
      ["state", 'autoComplete="address-level1" maxLength="100"'],
      ["zip_code", 'autoComplete="postal-code" maxLength="20"'],
    ] as const;
    for (const [name, hints] of fields) {
      const tag = input(html, name);
      expect(tag).toContain(`id="checkout-${name}"`);
      expect(tag).toContain(hints);
      expect(tag).toContain(`value="${values[name]}"`);
      expect(tag.includes('aria-required="true"')).toBe(name !== "zip_code");
    }
    expect(html.indexOf('name="phone"')).toBeLessThan(html.indexOf('name="address"'));
    expect(input(html, "address")).toContain('aria-describedby="checkout-address-hint"');
    expect(html).toContain(
      `id="checkout-address-hint" class="mt-1 text-sm text-slate-600">${es["checkout.page.field.addressHint"]}`,
    );
    expect(html).toMatch(/<div class="sm:col-span-2"><div><label for="checkout-address"/);
  });

  it("works without JavaScript: the list of places, the point's hidden fields and the gift message", () => {
    const html = render("en");
    expect(html).toContain('<select id="checkout-delivery_latitude" name="place"');
    expect(input(html, "delivery_latitude")).toContain('type="hidden"');
    expect(input(html, "delivery_longitude")).toContain('type="hidden"');
    expect(html).toContain('<textarea id="checkout-gift_message" name="gift_message"');
    expect(html).toContain(en["checkout.page.continuePayment"]);
  });

  it("shows the server's messages beside their fields and in the summary in the §5 order", () => {
    const html = render("en", {
      zip_code: "checkout.errors.firstNameRequired",
      first_name: "checkout.errors.firstNameRequired",
    });
    expect(input(html, "first_name")).toContain('aria-describedby="checkout-first_name-error"');
    expect(input(html, "zip_code")).toContain('aria-invalid="true"');
    expect(html).toContain(`id="checkout-first_name-error"`);
    const summary = html.slice(0, html.indexOf('<div class="grid'));
    expect(summary.indexOf("#checkout-first_name")).toBeLessThan(summary.indexOf("#checkout-zip_code"));
  });

  it("fills the express cut-off into the 'express closed' message, in the summary and beside the option", () => {
    for (const lang of ["es", "en"] as const) {
      const html = render(lang, { delivery_option: "shipping.errors.expressClosed" });
      const message = (lang === "es" ? es : en)["shipping.errors.expressClosed"].replace("{cutoff}", "14:00");
      expect(html.split(message).length - 1).toBe(2);
      expect(html).not.toContain("{cutoff}");
    }
  });

  it("offers 'save as my delivery details' for the shopper's own details, 'save this recipient' for a new one (issue 26 point 2)", () => {
    const own = render("es");
    expect(input(own, "save_profile")).not.toBe("");
    expect(input(own, "save_recipient")).toBe("");
    const relative = render("en", {}, { recipient: "new" });
    expect(input(relative, "save_profile")).toBe("");
    expect(input(relative, "save_recipient")).not.toBe("");
  });
});
