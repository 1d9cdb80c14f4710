import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { es } from "~/i18n/es";
import { en } from "~/i18n/en";
import { HeroCarousel } from "~/features/content/components/hero-carousel";
import { type ProductCardData, ProductCard } from "./product-card";
import type { RootData } from "~/components/root-data";

/** Renders `element` on the server under a root route holding `root` data, as the app does. */
function render(element: ReturnType<typeof createElement>, root: Partial<RootData> = {}, path = "/es/"): string {
  const data: RootData = {
    lang: "es",
    messages: es,
    currency: "USD",
    rate: 371,
    categories: [],
    company: null,
    publicUrl: "http://localhost",
    ...root,
  };
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: () => element, children: [{ path: "*", Component: () => element }] },
  ]);
  return renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { root: data } } }));
}

const product: ProductCardData = {
  id: 7,
  display_name: "Panel solar monocristalino de 450 W con marco de aluminio y cable de 1 metro incluido para techos",
  price: 80,
  original_price: 100,
  quantity: 0,
  image_url: "/media/products/p7-1.webp",
  colors_list: ["negro", "blanco", "rojo", "azul", "verde", "gris"],
  color_hex_mapping: { negro: "#000000" },
  varieties_list: ["S"],
  rating: null,
  reviews_count: 0,
};

describe("ProductCard", () => {
  it("shows the sale badge, struck original price, out-of-stock label and 'no reviews' (§2.10, D10)", () => {
    const html = render(createElement(ProductCard, { product }));
    expect(html).toContain("-20%");
    expect(html).toContain("20% de descuento");
    expect(html).toMatch(/<s[^>]*>.*\$100\.00/);
    expect(html).toContain("$80.00");
    expect(html).toContain("Agotado");
    expect(html).toContain("Aún no hay reseñas");
    expect(html).toContain('href="/es/product/7"');
    expect(html).toContain("+2 más");
    expect(html).toContain('srcSet="/media/products/p7-1.webp?w=160 160w, /media/products/p7-1.webp?w=320 320w"');
    expect(html).toContain('loading="lazy"');
  });

  it("points its image at the CDN in front of /media when there is one (MEDIA_PUBLIC_URL)", () => {
    const html = render(createElement(ProductCard, { product }), { mediaBase: "https://cdn.tienda.example" });
    expect(html).toContain('src="https://cdn.tienda.example/media/products/p7-1.webp?w=320"');
    expect(html).toContain("https://cdn.tienda.example/media/products/p7-1.webp?w=160 160w");
    expect(html).not.toMatch(/"\/media\//);
  });

  it("truncates the name at 50 and 100 characters", () => {
    const html = render(createElement(ProductCard, { product }));
    expect(html).toContain(`${Array.from(product.display_name).slice(0, 49).join("").trimEnd()}…`);
    expect(html).toContain(product.display_name.slice(0, 60));
  });

  it("prices in CUP at the rate and speaks English", () => {
    const html = render(
      createElement(ProductCard, { product: { ...product, quantity: 3, rating: 4.5, reviews_count: 2 } }),
      {
        lang: "en",
        messages: en,
        currency: "CUP",
        rate: 400,
      },
      "/en/",
    );
    expect(html).toContain("32,000 CUP");
    expect(html).toContain("40,000 CUP");
    expect(html).not.toContain("Out of stock");
    expect(html).toContain("Rated 4.5 out of 5");
    expect(html).toContain("2 reviews");
  });
});

describe("HeroCarousel", () => {
  it("falls back to the two static slides when the server has none (§2.5)", () => {
    const html = render(createElement(HeroCarousel, { slides: [], start: 1, lang: "es" }));
    expect(html).toContain("Hogar y jardín");
    expect(html).toContain("Diapositiva siguiente");
    expect(html).toContain("Ir a la diapositiva 1");
    expect(html).toContain("Ir a la diapositiva 2");
    // Issue 13: only the starting slide is in the server's HTML; the hidden ones come with JavaScript.
    expect(html).not.toContain("Moda para toda la familia");
    expect(html.match(/role="group"/g)).toHaveLength(1);
    // The server-picked slide is the visible one and loads first.
    expect(html).toMatch(/aria-label="2 de 2"(?![^>]*hidden)/);
    expect(html).toMatch(
      /fetchPriority="high"[^>]*src="\/images\/slide-home\.svg"|src="\/images\/slide-home\.svg"[^>]*fetchPriority="high"/,
    );
  });

  it("has no arrows, dots or pause button with a single slide", () => {
    const slide = {
      id: 1,
      title: "Única",
      subtitle: "",
      image_url: "/media/slides/s.webp",
      href: null,
      external: false,
      whatsapp: null,
    };
    const html = render(createElement(HeroCarousel, { slides: [slide], start: 0, lang: "es" }));
    expect(html).toContain("Única");
    expect(html).not.toContain("Diapositiva siguiente");
    expect(html).not.toContain("Pausar el carrusel");
  });
});
