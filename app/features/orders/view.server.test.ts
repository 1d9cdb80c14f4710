import { describe, expect, it } from "vitest";
import { deliveryEstimate } from "~/features/shipping/shipping";
import { createT } from "~/i18n/i18n";
import { getMessages } from "~/i18n/messages.server";
import type { OrderDetail } from "./types";
import { orderView } from "./view.server";

// Issue 25 point 1: one order view for the orders page, the back office, the invoice and the emails.

/** 2 × $12.50 and 1 × $45.99, a 10 % coupon, express shipping at 1,200 CUP, 390 CUP per USD. */
function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const dateIssued = new Date("2026-03-15T18:05:00Z"); // 14:05 in Havana
  return {
    transactionId: "TX7f3a9c2e41b8",
    status: "processed",
    dateIssued,
    amountCents: 6450,
    goodsCents: 7099,
    discountCents: 649,
    couponName: "BIENVENIDO10",
    shippingPriceCup: 1200,
    shippingName: "Express",
    shippingTime: "Hoy",
    deliveryOption: "express",
    exchangeRate: 390,
    fullName: "José Martínez Peña",
    clientId: "85010112345",
    address: "Calle 23 No. 456",
    city: "Plaza de la Revolución",
    stateProvinceRegion: "La Habana",
    postalZipCode: "10400",
    country: "Cuba",
    phoneNumber: "+53 5 123 4567",
    deliveryLatitude: 23.1136,
    deliveryLongitude: -82.3666,
    isGift: true,
    giftMessage: "¡Feliz cumpleaños!",
    paymentType: "cash",
    language: "es",
    items: [
      { productId: 1, name: "Arroz", variety: "5 kg", color: "", count: 2, priceCents: 1250 },
      { productId: null, name: "Ventilador", variety: "", color: "Azul", count: 1, priceCents: 4599 },
    ],
    history: [{ status: "not_processed", date: dateIssued, note: "" }],
    ...overrides,
  };
}

describe("orderView (issue 25 point 1)", () => {
  it("keeps the money exact and writes it out in the language asked for", () => {
    const view = orderView(order(), "en");
    expect(view.money).toEqual({
      goodsCents: 7099,
      discountCents: 649,
      amountCents: 6450,
      shippingCup: 1200,
      exchangeRate: 390,
      goodsCup: 25155, // round(64.50 × 390)
      totalCup: 26355,
    });
    expect(view.lines.map((l) => [l.amountCents, l.unit, l.amount, l.variant])).toEqual([
      [2500, "$12.50", "$25.00", ["Variety: 5 kg"]],
      [4599, "$45.99", "$45.99", ["Colour: Azul"]],
    ]);
    expect(view.lines[1].productId).toBeNull();
    expect(view.text).toMatchObject({
      goods: "$70.99",
      discount: "-$6.49",
      amount: "$64.50",
      shippingCup: "1,200 CUP",
      shipping: "1,200 CUP",
      totalCup: "26,355 CUP",
      rate: "390",
    });
    expect(view.text.total).toContain("$64.50");
    expect(view.text.total).toContain("1,200 CUP");
  });

  it("lists the totals in the invoice's order, the coupon row only when there is a discount or coupon", () => {
    const t = createT(getMessages("es"), "es");
    const view = orderView(order(), "es");
    expect(view.totals.map((r) => [r.key, r.strong])).toEqual([
      ["subtotal", false],
      ["discount", false],
      ["goodsTotal", true],
      ["shipping", false],
      ["total", true],
      ["totalCup", true],
    ]);
    expect(view.totals[1].label).toBe(t("invoice.coupon", { name: "BIENVENIDO10" }));
    expect(view.totals.map((r) => r.value)).toEqual([
      view.text.goods,
      view.text.discount,
      view.text.amount,
      view.text.shipping,
      view.text.total,
      view.text.totalCup,
    ]);

    const plain = orderView(order({ couponName: null, discountCents: 0, shippingPriceCup: 0 }), "es");
    expect(plain.totals.map((r) => r.key)).not.toContain("discount");
    expect(plain.text).toMatchObject({ discount: null, discountLabel: null, shippingCup: null });
    expect(plain.text.shipping).toBe(t("invoice.shippingFree"));
    expect(plain.text.total).toBe(plain.text.amount);

    const discountOnly = orderView(order({ couponName: null }), "es");
    expect(discountOnly.text.discountLabel).toBe(t("invoice.discount"));
  });

  it("gives the status, dates, delivery estimate and delivery details in words", () => {
    const t = createT(getMessages("es"), "es");
    const view = orderView(order(), "es");
    expect(view).toMatchObject({
      id: "TX7f3a9c2e41b8",
      lang: "es",
      status: "processed",
      statusLabel: t("invoice.status.processed"),
      dateIso: "2026-03-15T18:05:00.000Z",
      deliveryOptionLabel: t("invoice.option.express"),
      estimate: deliveryEstimate(t, "express"),
      cancellable: true,
      gift: { isGift: true, message: "¡Feliz cumpleaños!" },
    });
    expect(view.date).toMatch(/^15 de marzo de 2026 a las 2:05/);
    expect(view.delivery.point).toBe("23.11360, -82.36660");
    expect(view.deliveryFields.map((f) => f.key)).toEqual([
      "fullName",
      "identityCard",
      "phone",
      "address",
      "city",
      "province",
      "zip",
      "country",
      "deliveryPoint",
    ]);
    expect(view.deliveryFields[0]).toEqual({
      key: "fullName",
      label: t("invoice.fullName"),
      value: "José Martínez Peña",
    });
    const noZip = orderView(order({ postalZipCode: "", status: "shipping" }), "es");
    expect(noZip.deliveryFields.map((f) => f.key)).not.toContain("zip");
    expect(noZip.cancellable).toBe(false);
  });

  it("is pure: the same order gives the same view, and the order is left as it was", () => {
    const o = order();
    const before = structuredClone(o);
    expect(orderView(o, "en")).toEqual(orderView(o, "en"));
    expect(o).toEqual(before);
  });
});
