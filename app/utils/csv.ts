/**
 * CSV as spreadsheets read and write it (RFC 4180): fields quoted when they hold `"`, `,`, CR or
 * LF, CRLF line ends, and cells that a spreadsheet would run as a formula neutralised with a
 * leading apostrophe (OWASP "CSV injection"). Files are written with a UTF-8 byte order mark so
 * Excel opens accents intact (LibreOffice asks, and takes UTF-8 either way); the reader skips it.
 */

/** The byte order mark written first, so Excel reads the file as UTF-8. */
export const UTF8_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: formula-looking text gets a leading `'`; quoted when it holds `"`, `,`, CR or LF. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record: its fields joined by commas (no line end). */
export function csvLine(values: readonly string[]): string {
  return values.map(csvField).join(",");
}

/** A read cell with `csvField`'s apostrophe taken off again, so a file exported and imported is unchanged. */
export function unneutralise(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

export type CsvParse = { ok: true; records: string[][] } | { ok: false; record: number };

/**
 * Every record of a CSV text (RFC 4180, plus LF or CR alone as a line end and a leading BOM), as
 * written: no trimming, no apostrophe removed. Empty lines are dropped. A quote left open, or text
 * after a closing quote, fails with the 1-based number of the record where it happened.
 */
export function parseCsv(text: string): CsvParse {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let i = text.startsWith(UTF8_BOM) ? 1 : 0;
  const n = text.length;
  const endRecord = () => {
    record.push(field);
    field = "";
    if (record.length > 1 || record[0] !== "") records.push(record);
    record = [];
  };
  while (i < n) {
    const c = text[i];
    if (c === '"' && field === "") {
      // A quoted field: up to the quote not followed by another quote.
      let j = i + 1;
      let value = "";
      for (;;) {
        const close = text.indexOf('"', j);
        if (close === -1) return { ok: false, record: records.length + 1 };
        value += text.slice(j, close);
        if (text[close + 1] === '"') {
          value += '"';
          j = close + 2;
        } else {
          j = close + 1;
          break;
        }
      }
      const next = text[j];
      if (j < n && next !== "," && next !== "\n" && next !== "\r") return { ok: false, record: records.length + 1 };
      field = value;
      i = j;
      if (i >= n) break;
      // Fall through to the separator handling below with the quoted value as the field.
      if (next === ",") {
        record.push(field);
        field = "";
        i++;
        if (i >= n) record.push("");
        continue;
      }
      i += next === "\r" && text[i + 1] === "\n" ? 2 : 1;
      endRecord();
      continue;
    }
    if (c === ",") {
      record.push(field);
      field = "";
      i++;
      continue;
    }
    if (c === "\n" || c === "\r") {
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
      endRecord();
      continue;
    }
    // Unquoted text up to the next separator, in one slice.
    let j = i;
    while (j < n && text[j] !== "," && text[j] !== "\n" && text[j] !== "\r") j++;
    field += text.slice(i, j);
    i = j;
  }
  if (field !== "" || record.length > 0) endRecord();
  return { ok: true, records };
}

/** A CSV file download, never cached or sniffed (the back office's exports). */
export function csvResponse(csv: string, filename: string): Response {
  return new Response(csv, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
