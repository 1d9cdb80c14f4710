import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionEmail } from "~/features/mail/mail.server";
import type { Env } from "~/utils/env.server";
import { type SmtpMock, extractLink, startSmtpServer } from "../../../tests/mocks/smtp";
import { createTestEnv } from "../../../tests/setup/context";
import {
  orderConfirmationEmail,
  orderStatusEmail,
  sendOrderConfirmationEmail,
  sendOrderStatusEmail,
} from "./emails.server";
import type { OrderDetail, OrderRecipient, OrderStatus } from "./types";

const PUBLIC_URL = "http://tienda.test:3000";

/** An order as the orders feature hands it over: 2 lines, a coupon, express delivery, a gift. */
function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const dateIssued = new Date("2026-03-15T18:05:00Z"); // 14:05 in Havana
  return {
    transactionId: "TX7f3a9c2e41b8",
    status: "not_processed",
    dateIssued,
    amountCents: 6389,
    goodsCents: 7099,
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
    items: [
      { productId: 1, name: "Arroz blanco Niña Bonita", variety: "5 kg", color: "", count: 2, priceCents: 1250 },
      { productId: 2, name: "Ventilador recargable", variety: "", color: "Azul", count: 1, priceCents: 4599 },
    ],
    history: [{ status: "not_processed", date: dateIssued, note: "" }],
    ...overrides,
  };
}

let counter = 0;
function recipient(overrides: Partial<OrderRecipient> = {}): OrderRecipient {
  counter += 1;
  return { email: `cliente${counter}@example.cu`, firstName: "María", username: `maria${counter}`, ...overrides };
}

/** The HTML's visible text: tags dropped, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** Every line of the text version appears in the HTML version (where `label: value` is two cells). */
function expectSameContent(message: { text: string; html: string }) {
  const words = (text: string) => text.replace(/:\s*/g, " ").replace(/\s+/g, " ").trim();
  const html = words(visibleText(message.html));
  for (const line of message.text.split("\n").filter((l) => l.trim())) expect(html).toContain(words(line));
}

describe("order emails (§4.1, D20, D22)", () => {
  let smtp: SmtpMock;
  let env: Env;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    env = createTestEnv({ SMTP_URL: smtp.url, PUBLIC_URL });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it("sends the confirmation in Spanish over SMTP: lines, totals, delivery, cash on delivery and the order link", async () => {
    const to = recipient();
    await sendOrderConfirmationEmail(env, order(), to);
    const mail = await smtp.waitForMail(to.email);

    expect(mail.subject).toBe("Recibimos tu pedido TX7f3a9c2e41b8");
    expect(mail.text).toContain("Hola, María:");
    expect(mail.text).toContain("El 15 de marzo de 2026 a las 2:05 p.m. recibimos tu pedido TX7f3a9c2e41b8.");
    expect(mail.text).toContain("2 × Arroz blanco Niña Bonita (Variedad: 5 kg, $12.50 c/u): $25.00");
    expect(mail.text).toContain("1 × Ventilador recargable (Color: Azul, $45.99 c/u): $45.99");
    expect(mail.text).toContain("Subtotal de productos: $70.99");
    expect(mail.text).toContain("Cupón BIENVENIDO10: -$7.10");
    expect(mail.text).toContain("Total de productos: $63.89");
    expect(mail.text).toContain("Envío (se cobra en CUP): 1,200 CUP");
    expect(mail.text).toContain("Total: $63.89 + 1,200 CUP de envío");
    // 63.89 × 390 = 24,917.1 -> 24,917 CUP, plus 1,200 CUP shipping.
    expect(mail.text).toContain("Total en CUP: 26,117 CUP");
    expect(mail.text).toContain("Carné de identidad: 85010112345");
    expect(mail.text).toContain("Municipio: Plaza de la Revolución");
    expect(mail.text).toContain("Punto de entrega (latitud, longitud): 23.11360, -82.36660");
    expect(mail.text).toContain("Plazo: El mismo día, si se pidió antes de las 14:00");
    expect(mail.text).toContain("Mensaje de regalo: “¡Feliz cumpleaños, mamá!”");
    expect(mail.text).toMatch(/Forma de pago\r?\nPago contra entrega, en efectivo/);
    expect(mail.text).toContain("No se aceptan billetes de 1, 5 ni 10 CUP.");
    expect(extractLink(mail, PUBLIC_URL)).toBe(`${PUBLIC_URL}/es/orders?order=TX7f3a9c2e41b8`);
  });

  it("writes in the order's language: English", async () => {
    const to = recipient({ firstName: "" });
    await sendOrderConfirmationEmail(
      env,
      order({ language: "en", deliveryOption: "standard", isGift: false, postalZipCode: "" }),
      to,
    );
    const mail = await smtp.waitForMail(to.email);
    expect(mail.subject).toBe("We received your order TX7f3a9c2e41b8");
    expect(mail.text).toContain(`Hello ${to.username},`); // no first name: the username
    expect(mail.text).toContain("We received your order TX7f3a9c2e41b8 on March 15, 2026 at 2:05 PM.");
    expect(mail.text).toContain("2 × Arroz blanco Niña Bonita (Variety: 5 kg, $12.50 each): $25.00");
    expect(mail.text).toContain("Coupon BIENVENIDO10: -$7.10");
    expect(mail.text).toContain("Shipping (charged in CUP): 1,200 CUP");
    expect(mail.text).toContain("Total in CUP: 26,117 CUP");
    expect(mail.text).toContain("Estimate: 1 to 2 business days in Havana");
    expect(mail.text).toMatch(/Payment\r?\nCash on delivery/);
    expect(mail.text).toContain("1, 5 and 10 CUP bills are not accepted.");
    expect(mail.text).not.toContain("ZIP code");
    expect(mail.text).not.toContain("Gift");
    expect(extractLink(mail, PUBLIC_URL)).toBe(`${PUBLIC_URL}/en/orders?order=TX7f3a9c2e41b8`);
  });

  it("says the same in its text and HTML versions", () => {
    expectSameContent(orderConfirmationEmail(order(), recipient(), PUBLIC_URL));
    expectSameContent(orderConfirmationEmail(order({ language: "en" }), recipient(), PUBLIC_URL));
    for (const status of ["processed", "shipping", "delivered", "cancelled"] as const) {
      expectSameContent(orderStatusEmail(order({ status }), recipient(), PUBLIC_URL));
    }
  });

  it("escapes whatever the customer typed in the HTML version", () => {
    const evil = `<script>alert("x")</script>`;
    const o = order({
      fullName: `<img src=x onerror=alert(1)>`,
      address: `Calle "B" & 'C' </td></tr></table>`,
      giftMessage: evil,
      items: [{ productId: 1, name: `<b>Arroz</b>`, variety: "<i>5 kg</i>", color: "", count: 1, priceCents: 100 }],
    });
    for (const message of [
      orderConfirmationEmail(o, recipient({ firstName: evil }), PUBLIC_URL),
      orderStatusEmail({ ...o, status: "shipping" }, recipient({ firstName: evil }), PUBLIC_URL),
    ]) {
      expect(message.html).not.toMatch(/<script|<img|<b>|<i>|<\/td><\/tr><\/table>/i);
      expect(message.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      // The plain-text version is not HTML: it shows what was typed.
      expect(message.text).toContain(evil);
    }
    const confirmation = orderConfirmationEmail(o, recipient(), PUBLIC_URL);
    expect(confirmation.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(confirmation.html).toContain("Calle &quot;B&quot; &amp; &#39;C&#39; &lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;");
    expect(confirmation.html).toContain("&lt;b&gt;Arroz&lt;/b&gt;");
    expect(confirmation.html.match(/<table/g)?.length).toBe(4);
  });

  const STATUS_ES: Record<Exclude<OrderStatus, "not_processed">, { subject: string; says: string[] }> = {
    processed: {
      subject: "Estamos preparando tu pedido TX7f3a9c2e41b8",
      says: ["lo estamos preparando para la entrega", "Todavía puedes cancelarlo", "Estado: Procesado"],
    },
    shipping: {
      subject: "Tu pedido TX7f3a9c2e41b8 va en camino",
      says: [
        "Ten listo el pago en efectivo: 26,117 CUP ($63.89 + 1,200 CUP de envío).",
        "No se aceptan billetes de 1, 5 ni 10 CUP.",
        "los gastos de envío se cobran igual",
        "Estado: En camino",
      ],
    },
    delivered: {
      subject: "Tu pedido TX7f3a9c2e41b8 fue entregado",
      says: ["Entregamos tu pedido", "24 horas siguientes a la entrega", "Estado: Entregado"],
    },
    cancelled: {
      subject: "Tu pedido TX7f3a9c2e41b8 fue cancelado",
      says: [
        "Los productos volvieron al inventario de la tienda",
        "Si el pedido ya había salido a entrega cuando se canceló, puede que debas pagar los gastos de envío (1,200 CUP).",
        "Estado: Cancelado",
      ],
    },
  };

  for (const [status, expected] of Object.entries(STATUS_ES) as Array<[OrderStatus, (typeof STATUS_ES)["processed"]]>) {
    it(`sends the '${status}' status email in Spanish with its own wording and the order link`, async () => {
      const to = recipient();
      await sendOrderStatusEmail(env, order({ status }), to);
      const mail = await smtp.waitForMail(to.email);
      expect(mail.subject).toBe(expected.subject);
      expect(mail.text).toContain("Hola, María:");
      for (const phrase of expected.says) expect(mail.text).toContain(phrase);
      expect(mail.text).toContain("N.º de pedido: TX7f3a9c2e41b8");
      expect(extractLink(mail, PUBLIC_URL)).toBe(`${PUBLIC_URL}/es/orders?order=TX7f3a9c2e41b8`);
    });
  }

  it("sends every status email in English too, with the store's note on the move", async () => {
    const expected: Record<OrderStatus, string[]> = {
      not_processed: ["Your order TX7f3a9c2e41b8 is pending", "waiting to be processed", "Status: Processing"],
      processed: ["We are preparing your order TX7f3a9c2e41b8", "preparing it for delivery", "Status: Processed"],
      shipping: ["Your order TX7f3a9c2e41b8 is on its way", "1, 5 and 10 CUP bills are not accepted.", "still owed"],
      delivered: ["Your order TX7f3a9c2e41b8 has been delivered", "within 24 hours of delivery", "Status: Delivered"],
      cancelled: [
        "Your order TX7f3a9c2e41b8 has been cancelled",
        "The items went back into the store's stock",
        "you may still owe the shipping costs (1,200 CUP).",
      ],
    };
    for (const [status, phrases] of Object.entries(expected) as Array<[OrderStatus, string[]]>) {
      const to = recipient();
      const history = [
        { status: "not_processed" as const, date: new Date("2026-03-15T18:05:00Z"), note: "" },
        { status, date: new Date("2026-03-16T13:00:00Z"), note: "Llamamos antes de llegar." },
      ];
      await sendOrderStatusEmail(env, order({ status, language: "en", history }), to);
      const mail = await smtp.waitForMail(to.email);
      expect(mail.subject).toBe(phrases[0]);
      for (const phrase of phrases.slice(1)) expect(mail.text).toContain(phrase);
      expect(mail.text).toContain("Note from the store: Llamamos antes de llegar.");
      expect(extractLink(mail, PUBLIC_URL)).toBe(`${PUBLIC_URL}/en/orders?order=TX7f3a9c2e41b8`);
    }
  });

  it("names no shipping amount when a free-shipping order is cancelled", () => {
    const message = orderStatusEmail(order({ status: "cancelled", shippingPriceCup: 0 }), recipient(), PUBLIC_URL);
    expect(message.text).toContain("puede que debas pagar los gastos de envío.");
    expect(message.text).toContain("Total: $63.89");
    expect(message.text).not.toContain("0 CUP");
  });
});

describe("actionEmail without sections", () => {
  it("is the plain email the account emails have always sent", () => {
    const message = actionEmail({
      to: "a@example.cu",
      subject: "S",
      greeting: "Hola, A:",
      paragraphs: ["Uno", "Dos"],
      action: { label: "Abrir", url: "http://x.test/a?b=1&c=2" },
      footer: "Pie",
    });
    expect(message.text).toBe("Hola, A:\n\nUno\n\nDos\n\nAbrir: http://x.test/a?b=1&c=2\n\nPie");
    expect(message.html)
      .toBe(`<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>Hola, A:</p>
<p>Uno</p>
<p>Dos</p>
<p><a href="http://x.test/a?b=1&amp;c=2" style="display:inline-block;background:#fbbf24;color:#0f172a;padding:10px 18px;border-radius:6px;font-weight:bold;text-decoration:none">Abrir</a></p>
<p style="font-size:13px;color:#475569">http://x.test/a?b=1&amp;c=2</p>
<p style="font-size:13px;color:#475569">Pie</p>
</body></html>`);
  });
});
