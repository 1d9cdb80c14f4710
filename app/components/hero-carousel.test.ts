import { describe, expect, it } from "vitest";
import type { SlideDto } from "~/features/catalog/types";
import { toSlideView } from "./hero-carousel";

const slide: SlideDto = {
  id: 1,
  title: "Paneles solares",
  subtitle: "Energía para los apagones",
  image_url: "/media/slides/s1.webp",
  link: "/shop/energia",
  app_link: "https://apps.example/tienda",
  has_whatsapp: true,
  phone_number: "+53 5 555-1234",
  whatsapp_message: "Hola, quiero información",
};
const ANDROID = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36";

describe("toSlideView (§2.5)", () => {
  it("links to the web link with the language prefix on desktop", () => {
    expect(toSlideView(slide, "en", DESKTOP)).toMatchObject({ href: "/en/shop/energia", external: false });
    expect(toSlideView(slide, "es", null)).toMatchObject({ href: "/es/shop/energia", external: false });
  });

  it("links to the app on iPhone, iPad, iPod and Android when an app link is set", () => {
    expect(toSlideView(slide, "es", ANDROID)).toMatchObject({ href: "https://apps.example/tienda", external: true });
    expect(toSlideView(slide, "es", "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)").external).toBe(true);
    expect(toSlideView({ ...slide, app_link: null }, "es", ANDROID)).toMatchObject({ href: "/es/shop/energia" });
  });

  it("keeps full URLs and existing prefixes, and has no link without one", () => {
    expect(toSlideView({ ...slide, link: "https://x.cu/a" }, "es", DESKTOP)).toMatchObject({
      href: "https://x.cu/a",
      external: true,
    });
    expect(toSlideView({ ...slide, link: "/en/search?q=a" }, "es", DESKTOP).href).toBe("/en/search?q=a");
    expect(toSlideView({ ...slide, link: null }, "es", DESKTOP).href).toBeNull();
  });

  it("builds the WhatsApp link from the digits of the phone and the encoded message", () => {
    expect(toSlideView(slide, "es", DESKTOP).whatsapp).toBe(
      "https://wa.me/5355551234?text=Hola%2C%20quiero%20informaci%C3%B3n",
    );
    expect(toSlideView({ ...slide, has_whatsapp: false }, "es", DESKTOP).whatsapp).toBeNull();
    expect(toSlideView({ ...slide, whatsapp_message: "" }, "es", DESKTOP).whatsapp).toBe("https://wa.me/5355551234");
  });
});
