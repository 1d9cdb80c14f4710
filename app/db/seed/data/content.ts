/**
 * Everything in the demo store that is not the catalogue: carousel slides, the company record,
 * the exchange rate, the welcome coupon and the demo customer (ARCHITECTURE.md "Demo seed").
 * The README gives the demo customer's credentials: keep them in step.
 */
import type { companyInfo, slides } from "~/db/schema/content";
import type { coupons } from "~/db/schema/coupons";
import type { providerApplications } from "~/db/schema/providers";

/** Banner art for a slide: icons drawn over a gradient (no text, fonts may be missing). */
export type SlideArt = { icons: readonly string[]; from: string; to: string };

export type DemoSlide = Omit<typeof slides.$inferInsert, "imageUrl" | "position"> & { art: SlideArt };

/** Hero carousel (spec §2.5); links carry no language prefix, the UI adds it. */
export const DEMO_SLIDES: readonly DemoSlide[] = [
  {
    title: "Energía para los apagones",
    titleEn: "Power through the blackouts",
    subtitle: "Inversores, baterías de litio y paneles solares con garantía y entrega en toda La Habana.",
    subtitleEn: "Inverters, lithium batteries and solar panels with warranty and delivery all over Havana.",
    link: "/shop/energia-solar",
    hasWhatsapp: false,
    art: { icons: ["sun", "battery-charging", "zap"], from: "#f59e0b", to: "#b45309" },
  },
  {
    title: "Combos de alimentos para tu familia",
    titleEn: "Food bundles for your family",
    subtitle: "Arroz, pollo, aceite, café y más, entregados en 24 a 48 horas. Escríbenos por WhatsApp.",
    subtitleEn: "Rice, chicken, oil, coffee and more, delivered in 24 to 48 hours. Message us on WhatsApp.",
    link: "/shop/alimentos",
    hasWhatsapp: true,
    phoneNumber: "+5355512345",
    whatsappMessage: "Hola, quiero información sobre los combos de alimentos de Tienda Cuba.",
    art: { icons: ["shopping-basket", "drumstick", "coffee"], from: "#16a34a", to: "#065f46" },
  },
  {
    title: "Refresca tu casa este verano",
    titleEn: "Keep your home cool this summer",
    subtitle: "Splits inverter, ventiladores y refrigeradores con garantía de un año.",
    subtitleEn: "Inverter split ACs, fans and refrigerators with a one-year warranty.",
    link: "/shop/electrodomesticos/climatizacion",
    hasWhatsapp: false,
    art: { icons: ["air-vent", "fan", "snowflake"], from: "#38bdf8", to: "#1d4ed8" },
  },
  {
    title: "Teléfonos y accesorios",
    titleEn: "Phones and accessories",
    subtitle: "Samsung, Xiaomi y Motorola compatibles con el 4G de ETECSA, con cargadores y power banks.",
    subtitleEn: "Samsung, Xiaomi and Motorola phones that work on ETECSA 4G, plus chargers and power banks.",
    link: "/shop/electronica/telefonos",
    hasWhatsapp: false,
    art: { icons: ["smartphone", "headphones", "battery-full"], from: "#818cf8", to: "#4338ca" },
  },
];

/** The single company record (id 1) that feeds the footer and the info pages (spec §2.4, §3). */
export const DEMO_COMPANY: Omit<typeof companyInfo.$inferInsert, "companyLogoUrl"> = {
  id: 1,
  name: "Tienda Cuba",
  description:
    "Tu tienda en línea para Cuba: alimentos, aseo, electrodomésticos y energía solar con entrega a domicilio en La Habana y pago en efectivo al recibir.",
  descriptionEn:
    "Your online store for Cuba: food, toiletries, appliances and solar power, delivered to your door in Havana, cash on delivery.",
  facebookUrl: "https://www.facebook.com/tiendacuba",
  twitterUrl: "https://x.com/tiendacuba",
  instagramUrl: "https://www.instagram.com/tiendacuba",
  linkedinUrl: "https://www.linkedin.com/company/tiendacuba",
  attPhone: "+53 7 800 1234",
  supportEmail: "soporte@tienda.cu",
  sellsPhone: "+53 5 280 1234",
  salesEmail: "ventas@tienda.cu",
  address: "Calle 23 No. 456, entre L y M, Vedado, Plaza de la Revolución, La Habana",
};

/** CUP per USD (decision “One exchange rate”); the operator replaces it. */
export const DEMO_EXCHANGE_RATE = { rate: "390.00", source: "Tasa fijada por el operador (demo)" } as const;

/** The welcome coupon the README mentions. */
export const DEMO_COUPON: typeof coupons.$inferInsert = {
  name: "BIENVENIDO10",
  discountPercent: 10,
  active: true,
};

/** The demo customer whose credentials the README gives. */
export const DEMO_CUSTOMER = {
  email: "cliente@tienda.cu",
  username: "cliente",
  firstName: "María",
  lastName: "González",
  password: "Habana2026!",
  profile: {
    address: "Calle 17 No. 304, entre G y H, Vedado",
    city: "Plaza de la Revolución",
    stateProvinceRegion: "La Habana",
    zipcode: "10400",
    phone: "+53 5 5512345",
  },
} as const;

/**
 * Approved providers, so the sell-with-us stats row (spec §2.19: provider count from company
 * info) shows a real figure in the demo.
 */
export const DEMO_PROVIDERS: ReadonlyArray<typeof providerApplications.$inferInsert> = [
  {
    businessName: "Mipyme Sabor Criollo",
    contactName: "Roberto Valdés",
    email: "ventas@sabor-criollo.example.com",
    phone: "+53 5 2345678",
    address: "Calle Obispo 215, La Habana Vieja",
    providerType: "local",
    productCategories: "Alimentos, café",
    businessDescription: "Productores y distribuidores de café y alimentos secos en La Habana.",
    termsAccepted: true,
    status: "approved",
  },
  {
    businessName: "Solar Caribe",
    contactName: "Idania Morales",
    email: "contacto@solar-caribe.example.com",
    phone: "+53 5 3456789",
    address: "Avenida 31 No. 4602, Marianao",
    providerType: "warehouse",
    productCategories: "Energía solar, inversores, baterías",
    businessDescription: "Importadores de equipos solares y de respaldo para apagones, con taller de instalación.",
    termsAccepted: true,
    status: "approved",
  },
  {
    businessName: "Electro Oriente",
    contactName: "Luis Ángel Pupo",
    email: "ventas@electro-oriente.example.com",
    phone: "+53 5 4567890",
    address: "Calle Enramadas 358, Santiago de Cuba",
    providerType: "warehouse",
    productCategories: "Electrodomésticos, electrónica",
    businessDescription: "Distribución de electrodomésticos y teléfonos en las provincias orientales.",
    termsAccepted: true,
    status: "approved",
  },
  {
    businessName: "Confecciones Camagüey",
    contactName: "Mayelín Cruz",
    email: "info@confecciones-cmg.example.com",
    phone: "+53 5 5678901",
    address: "Calle República 412, Camagüey",
    providerType: "local",
    productCategories: "Ropa, uniformes escolares",
    businessDescription: "Taller de confección de guayaberas, uniformes y ropa infantil.",
    termsAccepted: true,
    status: "approved",
  },
  {
    businessName: "Ferretería El Tornillo",
    contactName: "Jorge Luis Acosta",
    email: "ventas@eltornillo.example.com",
    phone: "+53 5 6789012",
    address: "Calzada de Monte 1020, Centro Habana",
    providerType: "local",
    productCategories: "Ferretería, plomería, electricidad",
    businessDescription: "Ferretería de barrio con herramientas, materiales eléctricos y de plomería.",
    termsAccepted: true,
    status: "approved",
  },
];
