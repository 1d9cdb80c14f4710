import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { formatOrderDate, getOrderCupTotals } from "~/features/orders/format";
import { formatCup, formatUsdCents } from "~/utils/money";
import { pdfText as drawableText } from "~/features/orders/invoice.server";
import type { OrderDetail, OrderLine } from "~/features/orders/types";
import { renderDeliverySheetPdf } from "./delivery-sheet.server";

// Issue 12, point 2: the courier's delivery sheet — address, point and map link, phone, the lines,
// and the cash to collect with the invoice's own figures (D20, D22) — in the operator's language.

function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const items: OrderLine[] = overrides.items ?? [
    { productId: 1, name: "Arroz blanco Niña Bonita", variety: "5 kg", color: "", count: 2, priceCents: 1250 },
    { productId: 2, name: "Ventilador recargable", variety: "", color: "Azul", count: 1, priceCents: 4599 },
  ];
  const goodsCents = items.reduce((sum, l) => sum + l.priceCents * l.count, 0);
  const dateIssued = new Date("2026-03-15T18:05:00Z"); // 14:05 in Havana
  return {
    transactionId: "TX7f3a9c2e41b8",
    status: "processed",
    dateIssued,
    amountCents: goodsCents - 710,
    goodsCents,
    discountCents: 710,
    couponName: "BIENVENIDO10",
    shippingPriceCup: 1200,
    shippingName: "Express",
    shippingTime: "Hoy",
    deliveryOption: "express",
    exchangeRate: 390,
    fullName: "José Martínez Peña",
    clientId: "85010112345",
    address: "Calle 23 No. 456, entre L y M, Vedado",
    city: "Plaza de la Revolución",
    stateProvinceRegion: "La Habana",
    postalZipCode: "10400",
    country: "Cuba",
    phoneNumber: "+53 5 123 4567",
    deliveryLatitude: 23.1136,
    deliveryLongitude: -82.3666,
    isGift: true,
    giftMessage: "¡Feliz cumpleaños, mamá!",
    paymentType: "cash",
    language: "es",
    items,
    history: [{ status: "not_processed", date: dateIssued, note: "" }],
    ...overrides,
  };
}

async function pdfText(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text.replace(/\s+/g, " "), pages: result.total };
  } finally {
    await parser.destroy();
  }
}

describe("renderDeliverySheetPdf (issue 12, point 2)", () => {
  it("is a one-page A4 PDF in Spanish with who, where, what and the cash to collect", async () => {
    const o = order();
    const pdf = await renderDeliverySheetPdf(o, { lang: "es", company: { name: "Tienda Cuba" } });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("/MediaBox [0 0 595.28 841.89]");
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    const { goodsCup, totalCup } = getOrderCupTotals(o);
    for (const expected of [
      "Tienda Cuba",
      "Hoja de entrega",
      "TX7f3a9c2e41b8",
      formatOrderDate(o.dateIssued, "es"),
      "José Martínez Peña",
      // issue 26 point 2: the recipient's identity card, checked at the door.
      "CARNÉ DE IDENTIDAD 85010112345",
      "+53 5 123 4567",
      "Calle 23 No. 456, entre L y M, Vedado",
      "Plaza de la Revolución, La Habana, 10400",
      "23.11360, -82.36660",
      "https://www.openstreetmap.org/?mlat=23.11360&mlon=-82.36660",
      "Express",
      "El mismo día, si se pidió antes de las 14:00",
      "Arroz blanco Niña Bonita",
      "Variedad: 5 kg",
      "Color: Azul",
      "Cobrar en efectivo al entregar",
      // The invoice's figures: goods after the coupon in USD, shipping in CUP, the whole in CUP.
      `Total de productos ${formatUsdCents(o.amountCents, "es")}`,
      `Envío (se cobra en CUP) ${formatCup(1200, "es")}`,
      `${formatUsdCents(o.amountCents, "es")} + ${formatCup(1200, "es")} de envío`,
      `Productos en CUP (1 USD = 390 CUP) ${formatCup(goodsCup, "es")}`,
      `Total en CUP ${formatCup(totalCup, "es")}`,
      "No se aceptan billetes de 1, 5 ni 10 CUP.",
      "¡Feliz cumpleaños, mamá!",
      "Recibido por (nombre y firma)",
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Prices per line are the invoice's business, not the courier's.
    expect(text).not.toContain(formatUsdCents(1250, "es"));
  });

  it("speaks English on an English page, says free shipping, and leaves out the gift when there is none", async () => {
    const o = order({
      shippingPriceCup: 0,
      isGift: false,
      giftMessage: "",
      deliveryOption: "standard",
      language: "es",
    });
    const { text } = await pdfText(await renderDeliverySheetPdf(o, { lang: "en" }));
    const { totalCup } = getOrderCupTotals(o);
    for (const expected of [
      "Delivery sheet",
      "Collect in cash on delivery",
      "Standard",
      `Total ${formatUsdCents(o.amountCents, "en")}`,
      `Total in CUP ${formatCup(totalCup, "en")}`,
      "Free",
      "Received by (name and signature)",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("Gift");
    expect(text).not.toContain("mamá");
  });

  it("flows a long order onto more pages and draws text the standard font lacks without garbage", async () => {
    const items = Array.from({ length: 60 }, (_, i) => ({
      productId: i,
      name: `Producto ${i} — Łódź 東京`,
      variety: "",
      color: "",
      count: i + 1,
      priceCents: 100,
    }));
    const { text, pages } = await pdfText(await renderDeliverySheetPdf(order({ items }), { lang: "es" }));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain("Producto 59 — ?ódz ??");
    expect(text).toContain("Recibido por");
    expect(drawableText("a\u202fb\u2011c\td")).toBe("a b-c d");
  });
});
