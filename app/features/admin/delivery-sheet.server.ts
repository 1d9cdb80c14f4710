/**
 * The courier's delivery sheet of an order: one printable A4 PDF with who to
 * call, where to go (address and the point picked on the map, with a map link), what to hand over
 * and how much to collect in cash — the same figures as the invoice (decisions “Invoice and reorder”, “Cash on delivery only”): the goods in USD,
 * the shipping in CUP and the whole in CUP at the order's rate — and a line for the signature.
 * Drawn like the invoice with pdfkit's built-in Helvetica (no font file ships); its money, date and
 * point helpers are the invoice's, so both documents always agree.
 */
import PDFDocument from "pdfkit";
import { formatCup } from "~/utils/money";
import { type CompanyInfoForInvoice, pdfText } from "~/features/orders/invoice.server";
import type { OrderDetail } from "~/features/orders/types";
import { orderView } from "~/features/orders/view.server";
import { createT } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { getMessages } from "~/i18n/messages.server";
import { mapLink } from "~/features/orders/admin-list.server";

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const WIDTH = PAGE.width - 2 * PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;
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

/** The delivery sheet of `order` as an A4 PDF in `opts.lang` (the operator's page language). */
export async function renderDeliverySheetPdf(
  order: OrderDetail,
  opts: { lang: Language; company?: CompanyInfoForInvoice },
): Promise<Buffer> {
  const { lang } = opts;
  const t = createT(getMessages(lang), lang);
  const storeName = opts.company?.name || t("site.name");
  const view = orderView(order, lang);

  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    bufferPages: true,
    font: REGULAR,
    info: {
      Title: pdfText(t("admin.orders.sheet.documentTitle", { id: order.transactionId })),
      Author: pdfText(storeName),
      Creator: pdfText(storeName),
      Producer: pdfText(storeName),
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

  type Style = { font?: string; size?: number; color?: string; align?: "left" | "right" | "center"; link?: string };
  /** Writes `text` at (x, y) within `width`; returns the y below it. */
  const write = (text: string, x: number, y: number, width: number, style: Style = {}): number => {
    doc
      .font(style.font ?? REGULAR)
      .fontSize(style.size ?? 10)
      .fillColor(style.color ?? COLOR.text)
      .text(pdfText(text), x, y, { width, align: style.align ?? "left", ...(style.link && { link: style.link }) });
    return doc.y;
  };
  const heightOf = (text: string, width: number, font = REGULAR, size = 10) =>
    doc.font(font).fontSize(size).heightOfString(pdfText(text), { width });
  const rule = (y: number, color = COLOR.rule, width = 0.75) =>
    doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke();
  /** A small grey label over its value; returns the y below. */
  const labelled = (label: string, value: string, x: number, y: number, width: number, style: Style = {}) => {
    const below = write(label.toUpperCase(), x, y, width, { size: 8, color: COLOR.muted, font: BOLD }) + 1;
    return write(value, x, below, width, { size: 11, ...style }) + 6;
  };
  /** Room for `height` more points on this page, or a new page. */
  const room = (y: number, height: number) => {
    if (y + height <= BOTTOM) return y;
    doc.addPage();
    return PAGE.margin;
  };

  // Header: the store and the document on the left, the order's number and date on the right.
  let y = PAGE.margin;
  const half = (WIDTH - 16) / 2;
  let left = write(storeName, PAGE.margin, y, half, { font: BOLD, size: 18 }) + 2;
  left = write(t("admin.orders.sheet.title"), PAGE.margin, left, half, { font: BOLD, size: 12, color: COLOR.muted });
  let right = labelled(t("invoice.orderNumber"), order.transactionId, RIGHT - half, y, half, { font: BOLD });
  right = labelled(t("invoice.date"), `${view.date} (${t("invoice.havanaTime")})`, RIGHT - half, right, half);
  y = Math.max(left, right) + 6;
  rule(y, COLOR.accent, 2);
  y += 12;

  // Who and how to call: the phone big enough to read from a moving bike.
  y = labelled(t("invoice.fullName"), order.fullName, PAGE.margin, y, WIDTH, { font: BOLD, size: 14 });
  // The recipient shows the identity card at the door (docs/features.md, "Family recipients": often not the buyer).
  y = labelled(t("invoice.identityCard"), order.clientId, PAGE.margin, y, WIDTH, { font: BOLD });
  y = labelled(t("invoice.phone"), order.phoneNumber, PAGE.margin, y, WIDTH, { font: BOLD, size: 24 });

  // Where: the address, then the point on the map with a link that opens it.
  const place = [order.city, order.stateProvinceRegion, order.postalZipCode].filter(Boolean).join(", ");
  y = labelled(t("invoice.address"), `${order.address}\n${place}`, PAGE.margin, y, WIDTH, { size: 13 });
  const link = mapLink(order.deliveryLatitude, order.deliveryLongitude);
  y = labelled(t("invoice.deliveryPoint"), view.delivery.point, PAGE.margin, y, WIDTH, { font: BOLD });
  y = write(`${t("admin.orders.sheet.mapLink")}: ${link}`, PAGE.margin, y - 4, WIDTH, {
    size: 9,
    color: "#1d4ed8",
    link,
  });
  y += 8;
  const colWidth = (WIDTH - 16) / 2;
  const a = labelled(t("invoice.deliveryOption"), view.deliveryOptionLabel, PAGE.margin, y, colWidth);
  const b = labelled(t("invoice.estimate"), view.estimate, PAGE.margin + colWidth + 16, y, colWidth);
  y = Math.max(a, b) + 4;

  // What: the lines, without prices (the courier hands them over; the total is below).
  const countWidth = 60;
  const variantWidth = 170;
  const nameWidth = WIDTH - countWidth - variantWidth;
  const header = (top: number) => {
    const height = 20;
    doc.rect(PAGE.margin, top, WIDTH, height).fill(COLOR.head);
    write(t("invoice.table.product"), PAGE.margin + 6, top + 6, nameWidth - 12, { font: BOLD, size: 9 });
    write(t("invoice.table.variant"), PAGE.margin + nameWidth + 6, top + 6, variantWidth - 12, { font: BOLD, size: 9 });
    write(t("invoice.table.quantity"), RIGHT - countWidth + 6, top + 6, countWidth - 12, {
      font: BOLD,
      size: 9,
      align: "right",
    });
    return top + height;
  };
  y = header(room(y, 60));
  for (const line of view.lines) {
    const variant = line.variant.join("\n") || "—";
    const height =
      Math.max(heightOf(line.name, nameWidth - 12, REGULAR, 10), heightOf(variant, variantWidth - 12)) + 10;
    if (y + height > BOTTOM) {
      doc.addPage();
      y = header(PAGE.margin);
    }
    write(line.name, PAGE.margin + 6, y + 5, nameWidth - 12);
    write(variant, PAGE.margin + nameWidth + 6, y + 5, variantWidth - 12, { color: COLOR.muted });
    write(String(line.count), RIGHT - countWidth + 6, y + 5, countWidth - 12, { font: BOLD, size: 11, align: "right" });
    y += height;
    rule(y);
  }
  y += 12;

  // How much: what the invoice says the customer pays, cash on delivery.
  const rows: Array<[string, string]> = [
    [t("invoice.goodsTotal"), view.text.amount],
    [t("invoice.shipping"), view.text.shipping],
    [t("invoice.total"), view.text.total],
    [t("admin.orders.sheet.goodsCup", { rate: view.text.rate }), formatCup(view.money.goodsCup, lang)],
  ];
  const boxHeight = 34 + rows.length * 16 + 40 + heightOf(t("invoice.billsNotice"), WIDTH - 20, REGULAR, 9);
  y = room(y, boxHeight);
  doc.roundedRect(PAGE.margin, y, WIDTH, boxHeight, 4).lineWidth(1.5).fillAndStroke(COLOR.note, COLOR.accent);
  let inner =
    write(t("admin.orders.sheet.collect"), PAGE.margin + 10, y + 10, WIDTH - 20, { font: BOLD, size: 12 }) + 6;
  for (const [label, value] of rows) {
    write(label, PAGE.margin + 10, inner, WIDTH / 2, { size: 10 });
    write(value, PAGE.margin + WIDTH / 2, inner, WIDTH / 2 - 10, { size: 10, align: "right" });
    inner += 16;
  }
  write(t("invoice.totalCup"), PAGE.margin + 10, inner + 4, WIDTH / 2, { font: BOLD, size: 16 });
  inner = write(view.text.totalCup, PAGE.margin + WIDTH / 2, inner + 4, WIDTH / 2 - 10, {
    font: BOLD,
    size: 16,
    align: "right",
  });
  write(t("invoice.billsNotice"), PAGE.margin + 10, inner + 6, WIDTH - 20, { size: 9, color: COLOR.muted });
  y += boxHeight + 12;

  // A gift: the message goes with the parcel.
  if (order.isGift) {
    const message = order.giftMessage ? `“${order.giftMessage}”` : "";
    y = room(y, 40 + (message ? heightOf(message, WIDTH) : 0));
    y = write(t("invoice.gift"), PAGE.margin, y, WIDTH, { font: BOLD, size: 12 }) + 2;
    if (message) y = write(message, PAGE.margin, y, WIDTH, { size: 11 }) + 2;
    y += 10;
  }

  // Signature: who received it and when.
  y = room(y, 70);
  y += 34;
  const sign = (WIDTH - 24) / 2;
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + sign, y)
    .lineWidth(0.75)
    .strokeColor(COLOR.text)
    .stroke();
  doc
    .moveTo(PAGE.margin + sign + 24, y)
    .lineTo(RIGHT, y)
    .lineWidth(0.75)
    .strokeColor(COLOR.text)
    .stroke();
  write(t("admin.orders.sheet.signature"), PAGE.margin, y + 4, sign, { size: 9, color: COLOR.muted });
  write(t("admin.orders.sheet.receivedAt"), PAGE.margin + sign + 24, y + 4, sign, { size: 9, color: COLOR.muted });

  doc.end();
  return done;
}
