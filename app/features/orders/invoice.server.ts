/**
 * The PDF invoice of an order (decision “Invoice and reorder”), in the language asked for. Drawn with pdfkit's built-in
 * Helvetica (WinAnsi covers Spanish: á é í ó ú ü ñ ¿ ¡), so no font file ships with the app.
 * Deterministic: the same order gives the same bytes (the PDF dates come from the order).
 */
import PDFDocument from "pdfkit";
import { createT } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { getMessages } from "~/i18n/messages.server";
import type { OrderDetail } from "./types";
import { type OrderTotalKey, orderView } from "./view.server";

/**
 * What the invoice shows of the store. The field names are those of the company record
 * (`getCompanyInfo`, spec §3), so its result can be passed as it is; missing or empty fields fall
 * back to the store's defaults.
 */
export type CompanyInfoForInvoice = {
  name?: string;
  support_email?: string;
  att_phone?: string;
  address?: string;
};

const DEFAULT_COMPANY = {
  name: "Tienda Cuba",
  support_email: "soporte@tienda.cu",
  att_phone: "+53 7 800 1234",
  address: "",
} satisfies Required<CompanyInfoForInvoice>;

// Characters the WinAnsi encoding of the standard fonts has beyond Latin-1 (pdfkit's own map).
const WIN_ANSI_EXTRA = new Set([
  402, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224, 8225, 8226, 8230, 8364, 8240, 8249, 8250, 710, 8482, 338,
  339, 732, 352, 353, 376, 381, 382,
]);

/**
 * Text the standard fonts can draw: Spanish and the rest of Latin-1 as written; other letters
 * without their accents (`ő` -> `o`), anything else as `?`. pdfkit would otherwise write garbage.
 * The back office's delivery sheet uses it too.
 */
export function pdfText(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0) ?? 63;
    if ((code >= 32 && code <= 126) || (code >= 160 && code <= 255) || WIN_ANSI_EXTRA.has(code)) out += char;
    else if (code === 0x202f || code === 0x2007 || code === 0x2009) out += " ";
    else if (code === 0x2010 || code === 0x2011) out += "-";
    else if (code === 10) out += "\n";
    else if (code === 9 || code === 13) out += " ";
    else {
      const base = char.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      out += base.length > 0 && [...base].every((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) <= 126) ? base : "?";
    }
  }
  return out;
}

// A4 in points, and the page furniture.
const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
/** Where the body of a page ends: below it sits the footer. */
const BODY_BOTTOM = PAGE.height - PAGE.margin - 24;
const REGULAR = "Helvetica";
const BOLD = "Helvetica-Bold";
const COLOR = {
  text: "#0f172a",
  muted: "#475569",
  rule: "#cbd5e1",
  head: "#f1f5f9",
  accent: "#f59e0b",
  note: "#fffbeb",
};

type Column = {
  key: "product" | "variant" | "quantity" | "unitPrice" | "amount";
  width: number;
  align: "left" | "right";
};
const COLUMNS: Column[] = [
  { key: "product", width: 186, align: "left" },
  { key: "variant", width: 118, align: "left" },
  { key: "quantity", width: 42, align: "right" },
  { key: "unitPrice", width: 72, align: "right" },
  { key: "amount", width: CONTENT_WIDTH - 186 - 118 - 42 - 72, align: "right" },
];
const CELL_PAD_X = 6;
const CELL_PAD_Y = 5;
const TABLE_FONT_SIZE = 9.5;

/**
 * Renders the invoice of `order` as an A4 PDF in `opts.lang`: store, order, delivery, the lines
 * (flowing onto further pages with the table header repeated), totals in USD and CUP, and payment
 * (cash on delivery, decision “Cash on delivery only”).
 */
export async function renderInvoicePdf(
  order: OrderDetail,
  opts: { lang: Language; company?: CompanyInfoForInvoice },
): Promise<Buffer> {
  const { lang } = opts;
  const t = createT(getMessages(lang), lang);
  const company = {
    name: opts.company?.name || DEFAULT_COMPANY.name,
    support_email: opts.company?.support_email || DEFAULT_COMPANY.support_email,
    att_phone: opts.company?.att_phone || DEFAULT_COMPANY.att_phone,
    address: opts.company?.address || DEFAULT_COMPANY.address,
  };
  const view = orderView(order, lang);

  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    bufferPages: true,
    font: REGULAR,
    info: {
      Title: pdfText(t("invoice.documentTitle", { id: order.transactionId })),
      Author: pdfText(company.name),
      Subject: pdfText(t("invoice.title")),
      Creator: pdfText(company.name),
      Producer: pdfText(company.name),
      CreationDate: order.dateIssued,
      ModDate: order.dateIssued,
    },
    lang: lang === "es" ? "es-CU" : "en-US",
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  /** Writes `text` at (x, y) within `width`; returns the y below it. */
  const write = (
    text: string,
    x: number,
    y: number,
    width: number,
    style: { font?: string; size?: number; color?: string; align?: "left" | "right" | "center" } = {},
  ): number => {
    doc
      .font(style.font ?? REGULAR)
      .fontSize(style.size ?? 10)
      .fillColor(style.color ?? COLOR.text)
      .text(pdfText(text), x, y, { width, align: style.align ?? "left" });
    return doc.y;
  };
  const heightOf = (text: string, width: number, font = REGULAR, size = 10) =>
    doc.font(font).fontSize(size).heightOfString(pdfText(text), { width });
  /** `Label: value`, the label bold, wrapping within `width`; returns the y below it. */
  const field = (label: string, value: string, x: number, y: number, width: number): number => {
    doc
      .font(BOLD)
      .fontSize(9.5)
      .fillColor(COLOR.text)
      .text(pdfText(`${label}: `), x, y, { width, continued: true })
      .font(REGULAR)
      .text(pdfText(value));
    return doc.y + 2;
  };
  const rule = (y: number, color = COLOR.rule, width = 0.75) =>
    doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke();

  // Header: the store on the left, the invoice's identity on the right.
  let y = PAGE.margin;
  const headRight = 264;
  const headLeftWidth = CONTENT_WIDTH - headRight - 16;
  let left = write(company.name, PAGE.margin, y, headLeftWidth, { font: BOLD, size: 20 }) + 4;
  if (company.address) left = write(company.address, PAGE.margin, left, headLeftWidth, { size: 9, color: COLOR.muted });
  left = write(`${t("invoice.store.email")}: ${company.support_email}`, PAGE.margin, left, headLeftWidth, {
    size: 9,
    color: COLOR.muted,
  });
  left = write(`${t("invoice.store.phone")}: ${company.att_phone}`, PAGE.margin, left, headLeftWidth, {
    size: 9,
    color: COLOR.muted,
  });

  // The invoice's identity as a small label/value grid, so a long date wraps within its value.
  const rx = RIGHT - headRight;
  const labelWidth = 84;
  let right = write(t("invoice.title").toUpperCase(), rx, y, headRight, { font: BOLD, size: 20 }) + 4;
  for (const [label, value] of [
    [t("invoice.orderNumber"), view.id],
    [t("invoice.date"), `${view.date} (${t("invoice.havanaTime")})`],
    [t("invoice.status"), view.statusLabel],
  ]) {
    const labelBottom = write(label, rx, right, labelWidth, { font: BOLD, size: 9.5 });
    const valueBottom = write(value, rx + labelWidth, right, headRight - labelWidth, { size: 9.5 });
    right = Math.max(labelBottom, valueBottom) + 2;
  }
  y = Math.max(left, right) + 12;
  rule(y, COLOR.accent, 2);
  y += 14;

  // Delivery details and delivery/payment, side by side.
  const gap = 24;
  const colWidth = (CONTENT_WIDTH - gap) / 2;
  const col2 = PAGE.margin + colWidth + gap;
  let a = write(t("invoice.deliverTo"), PAGE.margin, y, colWidth, { font: BOLD, size: 11 }) + 4;
  for (const { key, label, value } of view.deliveryFields) {
    // A no-break space keeps the point's pair on one line.
    a = field(label, key === "deliveryPoint" ? value.replace(" ", "\u00a0") : value, PAGE.margin, a, colWidth);
  }

  let b = write(t("invoice.delivery"), col2, y, colWidth, { font: BOLD, size: 11 }) + 4;
  b = field(t("invoice.deliveryOption"), view.deliveryOptionLabel, col2, b, colWidth);
  b = field(t("invoice.estimate"), view.estimate, col2, b, colWidth);
  if (view.gift.isGift) {
    b = write(t("invoice.gift"), col2, b + 8, colWidth, { font: BOLD, size: 11 }) + 4;
    if (view.gift.message) b = field(t("invoice.giftMessage"), `“${view.gift.message}”`, col2, b, colWidth);
  }
  y = Math.max(a, b) + 18;

  // The lines. A row that would cross into the footer starts a new page under a repeated header.
  const columnX = (index: number) => PAGE.margin + COLUMNS.slice(0, index).reduce((sum, c) => sum + c.width, 0);
  const tableHeader = (top: number): number => {
    const labels = {
      product: t("invoice.table.product"),
      variant: t("invoice.table.variant"),
      quantity: t("invoice.table.quantity"),
      unitPrice: t("invoice.table.unitPrice"),
      amount: t("invoice.table.amount"),
    };
    const height =
      Math.max(...COLUMNS.map((c) => heightOf(labels[c.key], c.width - 2 * CELL_PAD_X, BOLD, 9))) + 2 * CELL_PAD_Y;
    doc.rect(PAGE.margin, top, CONTENT_WIDTH, height).fill(COLOR.head);
    COLUMNS.forEach((c, i) =>
      write(labels[c.key], columnX(i) + CELL_PAD_X, top + CELL_PAD_Y, c.width - 2 * CELL_PAD_X, {
        font: BOLD,
        size: 9,
        align: c.align,
      }),
    );
    rule(top + height, COLOR.muted, 0.75);
    return top + height;
  };
  const newPage = (): number => {
    doc.addPage();
    return PAGE.margin;
  };

  y = tableHeader(y);
  for (const line of view.lines) {
    const cells = {
      product: line.name,
      variant: line.variant.join("\n") || "—",
      quantity: String(line.count),
      unitPrice: line.unit,
      amount: line.amount,
    };
    const height =
      Math.max(...COLUMNS.map((c) => heightOf(cells[c.key], c.width - 2 * CELL_PAD_X, REGULAR, TABLE_FONT_SIZE))) +
      2 * CELL_PAD_Y;
    if (y + height > BODY_BOTTOM) {
      y = newPage();
      y = write(t("invoice.table.continued"), PAGE.margin, y, CONTENT_WIDTH, { font: BOLD, size: 11 }) + 6;
      y = tableHeader(y);
    }
    COLUMNS.forEach((c, i) =>
      write(cells[c.key], columnX(i) + CELL_PAD_X, y + CELL_PAD_Y, c.width - 2 * CELL_PAD_X, {
        size: TABLE_FONT_SIZE,
        color: c.key === "variant" ? COLOR.muted : COLOR.text,
        align: c.align,
      }),
    );
    y += height;
    rule(y);
  }
  y += 14;

  // Totals (right) beside payment (left); kept together on one page.
  const totalsWidth = 300;
  const totalsX = RIGHT - totalsWidth;
  const valueWidth = 172;
  const STYLE: Partial<Record<OrderTotalKey, { size?: number; ruleAbove?: boolean }>> = {
    total: { ruleAbove: true },
    totalCup: { size: 12 },
  };
  const totalRows = view.totals.map(({ key, label, value, strong }) => ({ label, value, bold: strong, ...STYLE[key] }));
  const rowHeight = (r: (typeof totalRows)[number]) =>
    Math.max(
      heightOf(r.label, totalsWidth - valueWidth - 8, r.bold ? BOLD : REGULAR, r.size ?? 10),
      heightOf(r.value, valueWidth, r.bold ? BOLD : REGULAR, r.size ?? 10),
    ) + 5;
  const rateNote = view.text.rateNote;
  const paymentWidth = CONTENT_WIDTH - totalsWidth - 24;
  const paymentText = `${t("invoice.payment")}: ${t("invoice.paymentCash")}`;
  const notice = t("invoice.billsNotice");
  const paymentHeight =
    heightOf(paymentText, paymentWidth - 20, BOLD, 10) + heightOf(notice, paymentWidth - 20, REGULAR, 9.5) + 26;
  const totalsHeight = totalRows.reduce((sum, r) => sum + rowHeight(r) + (r.ruleAbove ? 6 : 0), 0);
  const closingHeight = heightOf(rateNote, CONTENT_WIDTH, REGULAR, 8.5) + 60;
  if (y + Math.max(totalsHeight, paymentHeight) + closingHeight > BODY_BOTTOM) y = newPage();

  const top = y;
  for (const r of totalRows) {
    if (r.ruleAbove) {
      doc.moveTo(totalsX, y).lineTo(RIGHT, y).lineWidth(0.75).strokeColor(COLOR.muted).stroke();
      y += 6;
    }
    const style = { font: r.bold ? BOLD : REGULAR, size: r.size ?? 10 };
    write(r.label, totalsX, y, totalsWidth - valueWidth - 8, style);
    write(r.value, RIGHT - valueWidth, y, valueWidth, { ...style, align: "right" });
    y += rowHeight(r);
  }

  doc
    .roundedRect(PAGE.margin, top, paymentWidth, paymentHeight, 4)
    .lineWidth(1)
    .fillAndStroke(COLOR.note, COLOR.accent);
  const noticeY = write(paymentText, PAGE.margin + 10, top + 10, paymentWidth - 20, { font: BOLD, size: 10 }) + 6;
  write(notice, PAGE.margin + 10, noticeY, paymentWidth - 20, { size: 9.5 });

  y = Math.max(y, top + paymentHeight) + 12;
  y = write(rateNote, PAGE.margin, y, CONTENT_WIDTH, { size: 8.5, color: COLOR.muted }) + 18;
  y = write(t("invoice.thanks", { name: company.name }), PAGE.margin, y, CONTENT_WIDTH, {
    font: BOLD,
    size: 11,
    align: "center",
  });
  write(
    t("invoice.questions", { email: company.support_email, phone: company.att_phone }),
    PAGE.margin,
    y + 2,
    CONTENT_WIDTH,
    { size: 9, color: COLOR.muted, align: "center" },
  );

  // The footer of every page, now that the page count is known.
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would make pdfkit start yet another page.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    const footerY = PAGE.height - PAGE.margin + 4;
    doc
      .moveTo(PAGE.margin, footerY - 6)
      .lineTo(RIGHT, footerY - 6)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    write(
      `${company.name} · ${t("invoice.title")} ${order.transactionId}`,
      PAGE.margin,
      footerY,
      CONTENT_WIDTH / 2 + 60,
      {
        size: 8,
        color: COLOR.muted,
      },
    );
    write(t("invoice.page", { n: i - start + 1, total: count }), RIGHT - 120, footerY, 120, {
      size: 8,
      color: COLOR.muted,
      align: "right",
    });
    doc.page.margins = margins;
  }

  doc.end();
  return done;
}
