import { describe, expect, it } from "vitest";
import { en } from "./en";
import { es } from "./es";
import { createT, interpolate, translate } from "./i18n";
import { localePath, switchLanguagePath } from "./links";
import { resolveUnprefixedPath } from "./route-rules";

describe("translate", () => {
  const messages = {
    greeting: "Hola, {name}",
    "items.count_one": "{count} producto",
    "items.count_other": "{count} productos",
    "only.other_other": "{count} cosas",
  };

  it("interpolates {placeholders}", () => {
    expect(translate(messages, "es", "greeting", { name: "Ana" })).toBe("Hola, Ana");
    expect(interpolate("{a} y {b}", { a: 1, b: "dos" })).toBe("1 y dos");
  });

  it("leaves unknown placeholders as written", () => {
    expect(translate(messages, "es", "greeting")).toBe("Hola, {name}");
    expect(translate(messages, "es", "greeting", { other: "x" })).toBe("Hola, {name}");
  });

  it("picks the plural form with Intl.PluralRules", () => {
    expect(translate(messages, "es", "items.count", { count: 1 })).toBe("1 producto");
    expect(translate(messages, "es", "items.count", { count: 0 })).toBe("0 productos");
    expect(translate(messages, "es", "items.count", { count: 5 })).toBe("5 productos");
    expect(translate(messages, "en", "items.count", { count: 1 })).toBe("1 producto");
  });

  it("falls back to the _other form", () => {
    expect(translate(messages, "en", "only.other", { count: 1 })).toBe("1 cosas");
  });

  it("shows the key itself when the message is missing (spec §8)", () => {
    expect(translate(messages, "es", "no.such.key")).toBe("no.such.key");
    expect(translate(undefined, "en", "header.chat")).toBe("header.chat");
    expect(translate(messages, "es", "missing.plural", { count: 2 })).toBe("missing.plural");
  });

  it("works with the real catalogues", () => {
    expect(createT(es, "es")("search.count", { count: 1 })).toBe("1 producto encontrado");
    expect(createT(es, "es")("search.count", { count: 42 })).toBe("42 productos encontrados");
    expect(createT(en, "en")("search.count", { count: 1 })).toBe("1 product found");
    expect(createT(en, "en")("product.noReviews")).toBe("No reviews yet");
    expect(createT(es, "es")("product.noReviews")).toBe("Aún no hay reseñas");
  });
});

describe("catalogues", () => {
  it("have the same keys and no empty message", () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort());
    for (const [key, value] of [...Object.entries(es), ...Object.entries(en)]) {
      expect(value.trim(), key).not.toBe("");
    }
  });

  it("use the same placeholders in both languages", () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(es) as Array<keyof typeof es>) {
      expect(names(en[key]), key).toEqual(names(es[key]));
    }
  });
});

describe("links", () => {
  it("prefixes paths with the language", () => {
    expect(localePath("es")).toBe("/es/");
    expect(localePath("en", "/shop/alimentos")).toBe("/en/shop/alimentos");
    expect(localePath("es", "search")).toBe("/es/search");
  });

  it("switches the language prefix and keeps the query", () => {
    expect(switchLanguagePath("/es/search", "?q=arroz&category=all", "en")).toBe("/en/search?q=arroz&category=all");
    expect(switchLanguagePath("/en/", "", "es")).toBe("/es/");
    expect(switchLanguagePath("/en", "", "es")).toBe("/es/");
    expect(switchLanguagePath("/reset_password", "", "en")).toBe("/en/");
  });
});

describe("resolveUnprefixedPath (spec §2.1)", () => {
  it("redirects the listed paths to Spanish, query kept", () => {
    expect(resolveUnprefixedPath("/", "")).toEqual({ kind: "redirect", location: "/es/" });
    expect(resolveUnprefixedPath("/login", "")).toEqual({ kind: "redirect", location: "/es/login" });
    expect(resolveUnprefixedPath("/search", "?q=arroz&category=all")).toEqual({
      kind: "redirect",
      location: "/es/search?q=arroz&category=all",
    });
    expect(resolveUnprefixedPath("/home-products/new-arrivals", "")).toEqual({
      kind: "redirect",
      location: "/es/home-products/new-arrivals",
    });
    expect(resolveUnprefixedPath("/auth/social-callback", "?code=x&state=y")).toEqual({
      kind: "redirect",
      location: "/es/auth/social-callback?code=x&state=y",
    });
  });

  it("sends /shop and /shop/* to /es/shop", () => {
    expect(resolveUnprefixedPath("/shop", "")).toEqual({ kind: "redirect", location: "/es/shop" });
    expect(resolveUnprefixedPath("/shop/alimentos/granos", "")).toEqual({ kind: "redirect", location: "/es/shop" });
  });

  it("reserves the three account routes", () => {
    expect(resolveUnprefixedPath("/activate/MQ/abc-123").kind).toBe("reserved");
    expect(resolveUnprefixedPath("/reset_password").kind).toBe("reserved");
    expect(resolveUnprefixedPath("/password/reset/confirm/MQ/abc-123").kind).toBe("reserved");
  });

  it("does not know anything else", () => {
    for (const path of ["/no-such-page", "/ES/", "/fr/", "/home-products", "/activate/x", "/loginx"]) {
      expect(resolveUnprefixedPath(path).kind, path).toBe("not-found");
    }
  });
});
