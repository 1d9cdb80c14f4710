import { describe, expect, it } from "vitest";
import { UTF8_BOM, csvField, csvLine, parseCsv, unneutralise } from "./csv";

describe("csvField", () => {
  it("quotes commas, quotes and line breaks and neutralises formulas", () => {
    expect(csvField("Café cubano")).toBe("Café cubano");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('di "hola"')).toBe('"di ""hola"""');
    expect(csvField("dos\nlíneas")).toBe('"dos\nlíneas"');
    expect(csvField("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvField("+53 5 555")).toBe("'+53 5 555");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("=1+1,2")).toBe('"\'=1+1,2"');
  });
});

describe("parseCsv", () => {
  it("reads quoted fields with commas, quotes and newlines, CRLF, LF and a BOM", () => {
    const text = `${UTF8_BOM}id,name\r\n1,"Jabón, de ""olor""\r\nrico"\n2,Arroz\r\n\r\n3,`;
    expect(parseCsv(text)).toEqual({
      ok: true,
      records: [
        ["id", "name"],
        ["1", 'Jabón, de "olor"\r\nrico'],
        ["2", "Arroz"],
        ["3", ""],
      ],
    });
  });

  it("reads back what csvLine writes", () => {
    const values = ["=cmd", "+1", "-1", "@x", 'a "b", c', "ñ\ná", ""];
    const parsed = parseCsv(`${csvLine(values)}\r\n`);
    expect(parsed.ok && parsed.records[0].map(unneutralise)).toEqual(values);
  });

  it("fails on a quote left open or text after a closing quote, naming the record", () => {
    expect(parseCsv('a,b\n1,"open\n')).toEqual({ ok: false, record: 2 });
    expect(parseCsv('a,b\n1,2\n"x"y,3\n')).toEqual({ ok: false, record: 3 });
  });
});
