import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { formatOrderDate, getOrderCupTotals } from "./format";
import { renderInvoicePdf } from "./invoice.server";
import type { OrderDetail, OrderLine } from "./types";

/** An order as the orders feature hands it over: 2 lines, a coupon, express delivery, a gift. */
function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const items: OrderLine[] = overrides.items ?? [
    { productId: 1, name: "Arroz blanco Niña Bonita", variety: "5 kg", color: "", count: 2, priceCents: 1250 },
    { productId: 2, name: "Ventilador recargable", variety: "", color: "Azul", count: 1, priceCents: 4599 },
  ];
  const goodsCents = items.reduce((sum, l) => sum + l.priceCents * l.count, 0);
  const discountCents = Math.round(goodsCents * 0.1);
  const dateIssued = new Date("2026-03-15T18:05:00Z"); // 14:05 in Havana (UTC-4, daylight time)
  return {
    transactionId: "TX7f3a9c2e41b8",
    status: "processed",
    dateIssued,
    amountCents: goodsCents - discountCents,
    goodsCents,
    discountCents,
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
    giftMessage: "¡Feliz cumpleaños, mamá! ¿Te gusta?",
    paymentType: "cash",
    language: "es",
    items,
    history: [{ status: "not_processed", date: dateIssued, note: "" }],
    ...overrides,
  };
}

/** The PDF's text (pdf-parse 2.x) and its page count. */
async function pdfText(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

/** Spaces and line breaks collapsed, so a phrase matches wherever the layout broke it. */
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("renderInvoicePdf (D20)", () => {
  it("is a one-page A4 PDF in Spanish with the order, delivery, lines, totals in USD and CUP and cash on delivery", async () => {
    const o = order();
    const pdf = await renderInvoicePdf(o, { lang: "es" });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("/MediaBox [0 0 595.28 841.89]");
    const { text, pages } = await pdfText(pdf);
    const all = flat(text);
    expect(pages).toBe(1);

    expect(all).toContain("Tienda Cuba");
    expect(all).toContain("soporte@tienda.cu");
    expect(all).toContain("FACTURA");
    expect(all).toContain("TX7f3a9c2e41b8");
    expect(all).toContain("15 de marzo de 2026");
    expect(all).toContain(formatOrderDate(o.dateIssued, "es"));
    expect(all).toContain("N.º de pedido TX7f3a9c2e41b8");
    expect(all).toContain("Estado Procesado");
    // Accents, ñ, ¿ and ¡ survive the standard font's encoding.
    expect(all).toContain("José Martínez Peña");
    expect(all).toContain("Carné de identidad: 85010112345");
    expect(all).toContain("Plaza de la Revolución");
    expect(all).toContain("Código postal: 10400");
    expect(all).toContain("23.11360, -82.36660");
    expect(all).toContain("Express");
    expect(all).toContain("El mismo día, si se pidió antes de las 14:00");
    expect(all).toContain("“¡Feliz cumpleaños, mamá! ¿Te gusta?”");

    expect(all).toContain("Arroz blanco Niña Bonita");
    expect(all).toContain("Variedad: 5 kg");
    expect(all).toContain("Color: Azul");
    expect(all).toContain("$12.50"); // unit price
    expect(all).toContain("$25.00"); // line price
    expect(all).toContain("$45.99");
    // 70.99 goods, 10 % coupon 7.10, 63.89 after coupon; 63.89 × 390 = 24,917.1 -> 24,917 CUP + 1,200 shipping.
    expect(all).toContain("$70.99");
    expect(all).toContain("Cupón BIENVENIDO10");
    expect(all).toContain("-$7.10");
    expect(all).toContain("$63.89");
    expect(all).toContain("Envío (se cobra en CUP)");
    expect(all).toContain("1,200 CUP");
    expect(getOrderCupTotals(o)).toEqual({ goodsCup: 24917, totalCup: 26117 });
    expect(all).toContain("Total en CUP 26,117 CUP");
    expect(all).toContain("1 USD = 390 CUP");
    expect(all.toLowerCase()).toContain("pago contra entrega");
    expect(all).toContain("No se aceptan billetes de 1, 5 ni 10 CUP.");
    expect(all).toContain("Página 1 de 1");
  });

  it("is in English when asked, whatever language the order was placed in", async () => {
    const { text } = await pdfText(await renderInvoicePdf(order({ status: "not_processed" }), { lang: "en" }));
    const all = flat(text);
    expect(all).toContain("INVOICE");
    expect(all).toContain("TX7f3a9c2e41b8");
    expect(all).toContain("March 15, 2026");
    expect(all).toContain("Havana time");
    expect(all).toContain("Order no. TX7f3a9c2e41b8");
    expect(all).toContain("Status Processing");
    expect(all).toContain("Identity card: 85010112345");
    expect(all).toContain("Same day, when ordered before 14:00");
    expect(all).toContain("Colour: Azul");
    expect(all).toContain("Coupon BIENVENIDO10");
    expect(all).toContain("Shipping (charged in CUP)");
    expect(all).toContain("$63.89 + 1,200 CUP shipping");
    expect(all).toContain("Total in CUP 26,117 CUP");
    expect(all).toContain("Payment: cash on delivery");
    expect(all).toContain("1, 5 and 10 CUP bills are not accepted.");
    // The customer's own words stay as written.
    expect(all).toContain("José Martínez Peña");
  });

  it("shows standard delivery, free shipping, no coupon, no gift and no ZIP when the order has none", async () => {
    const items = [{ productId: 3, name: "Panel solar 100 W", variety: "", color: "", count: 1, priceCents: 8900 }];
    const o = order({
      items,
      goodsCents: 8900,
      amountCents: 8900,
      discountCents: 0,
      couponName: null,
      shippingPriceCup: 0,
      deliveryOption: "standard",
      isGift: false,
      giftMessage: "",
      postalZipCode: "",
      exchangeRate: 371.5,
    });
    const all = flat((await pdfText(await renderInvoicePdf(o, { lang: "es" }))).text);
    expect(all).toContain("Estándar");
    expect(all).toContain("De 1 a 2 días hábiles en La Habana");
    expect(all).toContain("Gratis");
    expect(all).not.toContain("Cupón");
    expect(all).not.toContain("regalo");
    expect(all).not.toContain("Código postal");
    // 89.00 × 371.5 = 33,063.5 -> 33,064 CUP.
    expect(all).toContain("Total en CUP 33,064 CUP");
  });

  it("takes the store's details from the company record", async () => {
    const company = {
      name: "Tienda Cuba",
      support_email: "ayuda@tienda.example",
      att_phone: "+53 7 555 0000",
      address: "Calle 23 No. 456, Vedado, La Habana",
    };
    const all = flat((await pdfText(await renderInvoicePdf(order(), { lang: "es", company }))).text);
    expect(all).toContain("ayuda@tienda.example");
    expect(all).toContain("+53 7 555 0000");
    expect(all).toContain("Calle 23 No. 456, Vedado, La Habana");
    expect(all).not.toContain("soporte@tienda.cu");
  });

  it("flows 60 lines onto further pages, repeating the table header, and wraps long names", async () => {
    const items = Array.from({ length: 60 }, (_, i) => ({
      productId: i + 1,
      name:
        i === 0
          ? "Juego de ollas de acero inoxidable con tapas de cristal templado, mangos de baquelita y fondo difusor, 12 piezas"
          : `Producto número ${i + 1}`,
      variety: i % 2 ? "Grande" : "",
      color: i % 3 ? "Rojo" : "",
      count: (i % 4) + 1,
      priceCents: 199 + i * 100,
    }));
    const goodsCents = items.reduce((sum, l) => sum + l.priceCents * l.count, 0);
    const o = order({ items, goodsCents, discountCents: 0, couponName: null, amountCents: goodsCents });
    const { text, pages } = await pdfText(await renderInvoicePdf(o, { lang: "es" }));
    expect(pages).toBeGreaterThanOrEqual(2);
    const all = flat(text);
    for (const line of items.slice(1)) expect(all).toContain(`${line.name} `);
    expect(all).toContain("fondo difusor, 12 piezas");
    expect(all.match(/Precio unit\./g)?.length).toBe(pages);
    expect(all).toContain("Productos (continuación)");
    expect(all).toContain(`Página ${pages} de ${pages}`);
    expect(all).toContain("No se aceptan billetes de 1, 5 ni 10 CUP.");
  });

  it("draws letters outside the standard font's character set without garbage", async () => {
    const o = order({ fullName: "Zoë Őrs 李", giftMessage: "Con cariño 💛" });
    const all = flat((await pdfText(await renderInvoicePdf(o, { lang: "es" }))).text);
    expect(all).toContain("Zoë Ors ?");
    expect(all).toContain("Con cariño ?");
  });

  it("is deterministic: the same order gives the same bytes", async () => {
    const [first, second] = await Promise.all([
      renderInvoicePdf(order(), { lang: "es" }),
      renderInvoicePdf(order(), { lang: "es" }),
    ]);
    expect(first.equals(second)).toBe(true);
  });
});
