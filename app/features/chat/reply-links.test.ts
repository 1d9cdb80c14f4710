import { describe, expect, it } from "vitest";
import { isSitePath, readReply } from "./reply-links";

describe("§2.20 links in assistant replies (issue 11: safe links, never HTML)", () => {
  it("turns a site path into a link and keeps the text around it", () => {
    expect(readReply("Mira [Arroz 1 kg](/es/product/12) hoy.")).toEqual([
      [
        { kind: "text", text: "Mira " },
        { kind: "link", label: "Arroz 1 kg", href: "/es/product/12" },
        { kind: "text", text: " hoy." },
      ],
    ]);
  });

  it("splits lines at every kind of line break, keeping empty lines", () => {
    const lines = readReply("Uno\n\nDos\r\nTres\rCuatro");
    expect(lines).toEqual([
      [{ kind: "text", text: "Uno" }],
      [],
      [{ kind: "text", text: "Dos" }],
      [{ kind: "text", text: "Tres" }],
      [{ kind: "text", text: "Cuatro" }],
    ]);
  });

  it("reads several links on one line, with paths carrying a query and a fragment", () => {
    const [line] = readReply("[A](/es/orders?id=1) y [B](/en/help-center#returns)");
    expect(line.filter((p) => p.kind === "link")).toEqual([
      { kind: "link", label: "A", href: "/es/orders?id=1" },
      { kind: "link", label: "B", href: "/en/help-center#returns" },
    ]);
  });

  it.each([
    ["[x](javascript:alert(1))"],
    ["[x](//evil.com)"],
    ["[x](https://evil.com)"],
    ["[x](http://evil.com/es/product/1)"],
    ["[x](/\\evil.com)"],
    ["[x](data:text/html,hi)"],
    ["[x](mailto:a@b.c)"],
    ["[ ](/es/)"],
  ])("leaves the hostile or foreign link %s as plain text", (input) => {
    const pieces = readReply(`Hola ${input} fin`).flat();
    expect(pieces.some((p) => p.kind === "link")).toBe(false);
    expect(pieces.map((p) => (p.kind === "text" ? p.text : "")).join("")).toBe(`Hola ${input} fin`);
  });

  it("keeps HTML as text: the pieces are strings React escapes, not markup", () => {
    const pieces = readReply('<script>alert(1)</script><img src=x onerror="alert(2)"> [<b>x</b>](/es/)').flat();
    expect(pieces[0]).toEqual({ kind: "text", text: '<script>alert(1)</script><img src=x onerror="alert(2)"> ' });
    // The label of a safe link is text too.
    expect(pieces[1]).toEqual({ kind: "link", label: "<b>x</b>", href: "/es/" });
  });

  it("accepts only same-site paths", () => {
    expect(isSitePath("/es/product/1")).toBe(true);
    expect(isSitePath("/")).toBe(true);
    for (const bad of ["", "es/product/1", "//x", "/\\x", "/a b", "/a\tb", "/a\u0000", `/${"a".repeat(600)}`]) {
      expect(isSitePath(bad), bad).toBe(false);
    }
  });
});
