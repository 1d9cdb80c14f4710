/**
 * Everything the assistant says, in Spanish and English (decision “The assistant works offline”). Kept here rather than in the i18n
 * catalogue because the catalogue of the page language travels to the browser with every page
 * (root loader) and these texts are only ever written on the server. Both languages implement one
 * `Phrasebook` type, so a missing text fails tsc. Every figure comes from the store's own modules
 * (policy.ts, the shipping module, the exchange rate, company info): nothing here retypes one.
 * Links use the chat's syntax `[label](/es/path)` (types.ts).
 */
import { GIFT_MESSAGE_LIMIT } from "~/features/checkout/checkout-view";
import {
  DEFECT_REPORT_HOURS,
  EXPRESS_CUTOFF,
  FALLBACK_SHIPPING_CUP,
  FREE_SHIPPING_MIN_CENTS,
  MIN_WARRANTY_DAYS,
  PROVIDER_PROCESS,
  REFUSED_CUP_BILLS,
  SHIPPING_RATE_CUP_PER_KM,
  STANDARD_DELIVERY_DAYS,
  WAREHOUSE_MIN_COMMITMENT_MONTHS,
  WHOLESALE_MIN_UNITS,
} from "~/features/content/policy";
import { translate } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { localePath } from "~/i18n/links";
import { getMessages } from "~/i18n/messages.server";
import { CANCELLABLE_STATUSES } from "~/features/orders/status";
import type { OrderStatus } from "~/features/orders/types";
import { formatPrice } from "~/utils/money";
import { accountText, deletionText } from "./account-replies";
import { dealsText } from "./deal-replies";
import { expressNowEn, expressNowEs } from "./express-replies";
import { freeShippingSentence } from "./free-shipping";
import type { Facts } from "./facts";
import type { Topic } from "./vocabulary";
import { zoneSentences } from "./zone-replies";

export type ProductLine = { id: number; name: string; priceUsd: number; quantity: number };

export type OrderSummary = {
  transactionId: string;
  status: OrderStatus;
  dateIssued: Date;
  amountCents: number;
  shippingPriceCup: number;
  deliveryOption: "standard" | "express";
  itemCount: number;
};

type Phrasebook = {
  topic: Record<Topic, (f: Facts) => string>;
  /** Opens the answer to a leading question whose premise is wrong ('since you have 30-day returns…'), naming the wrong figure when there is one. */
  premiseWrong: (figure: string | null) => string;
  capabilities: string;
  greeting: (f: Facts) => string;
  thanks: string;
  offTopic: string;
  injection: string;
  unclear: string;
  productsFound: (phrase: string) => string;
  productsClosest: (phrase: string) => string;
  brandsFound: (phrase: string, brands: string) => string;
  inStock: (n: number) => string;
  outOfStock: string;
  colorsOf: (colors: string) => string;
  sizesOf: (sizes: string) => string;
  /** A product's wholesale price (from WHOLESALE_MIN_UNITS units), or that it has none. */
  wholesaleOf: (price: string | null) => string;
  productsMore: string;
  productsNone: (phrase: string) => string;
  /** The help centre's question on placing an order, looked up when the shopper asks how to buy. */
  orderingEntry: string;
  searchLink: string;
  ordersSignIn: string;
  ordersNone: string;
  orderNotFound: string;
  orderStatus: (o: {
    label: string;
    date: string;
    status: string;
    total: string;
    items: number;
    names: string;
    address: string;
  }) => string;
  orderCancellable: (cancellable: boolean) => string;
  orderEstimate: string;
  orderLink: string;
  /** The label of the link to the order's invoice (PDF). */
  invoiceLink: string;
  ordersLink: string;
  /** The label of the link to a help-centre group (its title given). */
  helpCenterMore: (group: string) => string;
};

const usd = (cents: number, lang: Language) => formatPrice(cents / 100, "USD", 1, lang);
const status = (lang: Language, s: OrderStatus) => translate(getMessages(lang), lang, `invoice.status.${s}`);
const cancellable = (lang: Language) => CANCELLABLE_STATUSES.map((s) => `«${status(lang, s)}»`);
const hour = EXPRESS_CUTOFF;
const std = SHIPPING_RATE_CUP_PER_KM.standard;
const exp = SHIPPING_RATE_CUP_PER_KM.express;
const days = `${STANDARD_DELIVERY_DAYS.min}`;
const daysMax = `${STANDARD_DELIVERY_DAYS.max}`;
const step = (name: (typeof PROVIDER_PROCESS)[number]["step"]) => PROVIDER_PROCESS.find((s) => s.step === name)!;
const link = (label: string, path: string) => `[${label}](${path})`;

/** What a defect claim needs (the help centre's answer says the same). */
const CLAIM_NEEDS: Record<Language, string> = {
  es: " Para reclamar, indica el número de pedido y, si puedes, envía una foto del problema.",
  en: " To claim, give your order number and, if you can, send a photo of the problem.",
};

/** The shopper's amount in the other currency at the current rate, when they asked for it. */
function converted(f: Facts, lang: Language): string {
  const c = f.conversion;
  if (!c) return "";
  const [from, to] =
    c.from === "usd"
      ? [formatPrice(c.amount, "USD", 1, lang), formatPrice(c.amount, "CUP", f.rate, lang)]
      : [formatPrice(c.amount, "CUP", 1, lang), formatPrice(c.amount / f.rate, "USD", 1, lang)];
  return lang === "es" ? `${from} son ${to} al cambio de hoy. ` : `${from} is ${to} at today's rate. `;
}

/** What the shopper's stated distance costs at both rates, when they stated one. */
function priced(f: Facts, lang: Language, only?: "express"): string {
  const km = f.distanceKm;
  if (!km) return "";
  const cup = (perKm: number) => formatPrice(Math.round(km * perKm), "CUP", 1, lang);
  const free = usd(FREE_SHIPPING_MIN_CENTS, lang);
  if (only)
    return lang === "es" ? ` A ${km} km, la express cuesta ${cup(exp)}.` : ` At ${km} km, express costs ${cup(exp)}.`;
  return lang === "es"
    ? ` A ${km} km son ${cup(std)} la estándar (gratis si tus productos suman ${free} o más) y ${cup(exp)} la express.`
    : ` At ${km} km that is ${cup(std)} standard (free when your goods add up to ${free} or more) and ${cup(exp)} express.`;
}

/** Standard and express side by side, when the shopper compares them. */
function compared(f: Facts, lang: Language): string {
  if (!f.compare) return "";
  const free = usd(FREE_SHIPPING_MIN_CENTS, lang);
  return lang === "es"
    ? ` Comparadas: la estándar cuesta ${std} CUP por km (gratis desde ${free}) y tarda de ${days} a ${daysMax} días hábiles; la express cuesta ${exp} CUP por km (${exp - std} CUP por km más) y llega el mismo día.`
    : ` Side by side: standard costs ${std} CUP per km (free from ${free}) and takes ${days} to ${daysMax} business days; express costs ${exp} CUP per km (${exp - std} CUP per km more) and arrives the same day.`;
}

function phones(f: Facts) {
  const c = f.company;
  return {
    att: c?.att_phone || f.pagePhones.att || "",
    email: c?.support_email || "",
    sales: c?.sells_phone || f.pagePhones.sales || "",
    salesEmail: c?.sales_email || "",
    name: c?.name || "Tienda Cuba",
  };
}

/** 'tel A, correo B' with the parts the store has; empty when it has none. */
function contactLine(lang: Language, phone: string, email: string): string {
  const parts = [
    phone && (lang === "es" ? `teléfono ${phone}` : `phone ${phone}`),
    email && (lang === "es" ? `correo ${email}` : `email ${email}`),
  ].filter(Boolean);
  return parts.join(", ");
}

const ES: Phrasebook = {
  topic: {
    shippingCost: (f) =>
      `${f.basket ? `${freeShippingSentence(f.basket, "es")} ` : ""}El envío se calcula en la caja según la distancia desde nuestro punto de despacho en La Habana hasta el punto que marques en el mapa: entrega estándar ${std} CUP por km y express ${exp} CUP por km.${priced(f, "es")} El envío siempre se cobra en CUP. La entrega estándar es gratis cuando tus productos suman ${usd(FREE_SHIPPING_MIN_CENTS, "es")} (${formatPrice(FREE_SHIPPING_MIN_CENTS / 100, "CUP", f.rate, "es")}) o más (después del cupón); el express nunca es gratis. Si no se puede calcular la distancia, el envío cuesta ${FALLBACK_SHIPPING_CUP} CUP.`,
    deliveryTime: (f) =>
      `La entrega estándar tarda de ${days} a ${daysMax} días hábiles en La Habana. La express llega el mismo día si haces el pedido antes de las ${hour} (hora de La Habana); desde las ${hour} ya no se puede elegir.${compared(f, "es")}${expressNowEs(f, "delivery")}`,
    express: (f) =>
      `La entrega express cuesta ${exp} CUP por km y llega el mismo día si pides antes de las ${hour} (hora de La Habana); no está disponible después de las ${hour} y nunca es gratis.${priced(f, "es", "express")}${compared(f, "es")}${expressNowEs(f, "express")}`,
    deliveryArea: (f) =>
      f.zones
        ? `${zoneSentences(f.zones, "es")} En la caja marcas el punto de entrega en el mapa; el precio depende de la distancia desde La Habana (${std} CUP por km estándar, ${exp} CUP por km express).`
        : `Entregamos solo dentro de Cuba. En la caja marcas el punto de entrega en el mapa, en cualquier lugar de Cuba; el precio depende de la distancia desde La Habana (${std} CUP por km estándar, ${exp} CUP por km express). El plazo de ${days} a ${daysMax} días hábiles es el de La Habana; para otras provincias consulta a atención al cliente${phones(f).att ? ` (${phones(f).att})` : ""}.`,
    payment: () =>
      `Se paga solo en efectivo contra entrega: pagas al recibir tu pedido. Tarjeta y PayPal todavía no están disponibles (próximamente). No se aceptan billetes de ${REFUSED_CUP_BILLS.join(", ").replace(/, (\d+)$/, " ni $1")} CUP. El envío se cobra en CUP.`,
    returns: (f) => {
      const p = phones(f);
      return `No hacemos devoluciones generales. Si un producto con garantía llega defectuoso, lo reemplazamos si nos avisas dentro de las ${DEFECT_REPORT_HOURS} horas siguientes a la entrega.${CLAIM_NEEDS.es} Los reembolsos son solo excepcionales y se gestionan con atención al cliente${contactLine("es", p.att, p.email) ? `: ${contactLine("es", p.att, p.email)}` : ""}.`;
    },
    warranty: (f) => {
      const p = phones(f);
      return `Los productos con garantía la tienen por al menos ${MIN_WARRANTY_DAYS} días (la ficha de cada producto dice si tiene garantía). Si llega defectuoso, avísanos dentro de las ${DEFECT_REPORT_HOURS} horas siguientes a la entrega y lo reemplazamos${contactLine("es", p.att, p.email) ? `: ${contactLine("es", p.att, p.email)}` : ""}.${CLAIM_NEEDS.es}`;
    },
    cancel: (f) =>
      `Puedes cancelar un pedido mientras esté ${cancellable("es").join(" o ")}, desde ${link("Mis pedidos", localePath("es", "/orders"))}. Si ya está en camino o entregado no se puede cancelar en la web: habla con atención al cliente${phones(f).att ? ` (${phones(f).att})` : ""}. Si se cancela cuando ya va en camino, el costo del envío se cobra igual.`,
    modify: () =>
      `Un pedido no se puede modificar después de hacerlo. Mientras esté ${cancellable("es").join(" o ")} puedes cancelarlo en ${link("Mis pedidos", localePath("es", "/orders"))} y hacer uno nuevo.`,
    seller: (f) => {
      const p = phones(f);
      return `Puedes vender con nosotros como proveedor local (guardas el stock en tu local) o de almacén (nos suministras stock al almacén, con un compromiso mínimo de ${WAREHOUSE_MIN_COMMITMENT_MONTHS} mes). El proceso: llenar la solicitud (${step("apply").min} a ${step("apply").max} minutos), revisión (${step("review").min} a ${step("review").max} días hábiles), entrevista si te preseleccionan (${step("interview").min} a ${step("interview").max} días), ayuda para subir tus primeros productos (${step("setup").min} a ${step("setup").max} días) y a vender. Solicítalo en ${link("Vende con nosotros", localePath("es", "/sell-with-us"))}.${contactLine("es", p.sales, p.salesEmail) ? ` Ventas: ${contactLine("es", p.sales, p.salesEmail)}.` : ""}`;
    },
    wholesale: () =>
      `Precio por mayor (se aplica solo, sin pedirlo): si llevas ${WHOLESALE_MIN_UNITS} unidades o más de un producto que tiene precio mayorista, esa línea se cobra a ese precio, en el carrito y en el pedido. La ficha del producto muestra el precio por mayor cuando lo tiene.`,
    rate: (f) =>
      `${converted(f, "es")}La tasa de cambio actual es 1 USD = ${formatPrice(1, "CUP", f.rate, "es")} (CUP es el peso cubano). Los precios están en USD y puedes verlos en CUP con el selector de moneda; el envío se cobra en CUP.`,
    contact: (f) => {
      const p = phones(f);
      const att = contactLine("es", p.att, p.email);
      const sales = contactLine("es", p.sales, p.salesEmail);
      const where = f.location && f.address ? `Estamos en ${f.address}. ` : "";
      return `${where}${att ? `Atención al cliente: ${att}. ` : ""}${sales ? `Ventas y proveedores: ${sales}. ` : ""}Este chat atiende 24/7.`;
    },
    hours: (f) => {
      const att = contactLine("es", phones(f).att, phones(f).email);
      return `Este chat atiende las 24 horas, los 7 días de la semana (24/7).${att ? ` También puedes contactar a atención al cliente: ${att}.` : ""}`;
    },
    account: () =>
      `Necesitas una cuenta para comprar: créala en ${link("Crear cuenta", localePath("es", "/signup"))} y entra en ${link("Iniciar sesión", localePath("es", "/login"))}. Si olvidaste la contraseña, pide un enlace en ${link("Restablecer contraseña", "/reset_password?lang=es")}. Si no te llega el correo de activación o del enlace, espera unos minutos y revisa la carpeta de spam (correo no deseado). Si la tienda tiene activado el acceso con Google, también puedes entrar con tu cuenta de Google. Tus datos de entrega se editan en ${link("Mi cuenta", localePath("es", "/account"))}.`,
    deals: (f) => dealsText(f.deals, f.rate, "es"),
    coupon: () =>
      `Si tienes un cupón, escríbelo en la casilla de cupón del resumen en la ${link("caja", localePath("es", "/checkout"))}: el descuento se aplica a los productos (y cuenta para el envío gratis desde ${usd(FREE_SHIPPING_MIN_CENTS, "es")}).`,
    gift: () =>
      `Sí: en la ${link("caja", localePath("es", "/checkout"))} marca «Es un regalo» y, si quieres, escribe un mensaje de regalo (hasta ${GIFT_MESSAGE_LIMIT} caracteres); pon los datos y la dirección de quien lo recibe y marca su punto de entrega en el mapa.`,
    identity: (f) => `Soy el asistente virtual de atención al cliente de ${phones(f).name}. ${ES.capabilities}`,
    recipients: () => accountText("recipients", "es"),
    stockAlert: () => accountText("stockAlert", "es"),
    sharedCart: () => accountText("sharedCart", "es"),
    dataSaver: () => accountText("dataSaver", "es"),
    signupRules: () => accountText("signupRules", "es"),
    wishlist: () => accountText("wishlist", "es"),
    reorder: () => accountText("reorder", "es"),
    privacy: () => accountText("privacy", "es"),
    orderEmails: () => accountText("orderEmails", "es"),
    services: () => accountText("services", "es"),
    deliveryPoint: () => accountText("deliveryPoint", "es"),
    trust: () => accountText("trust", "es"),
    invoice: () => accountText("invoice", "es"),
    chatData: () => accountText("chatData", "es"),
    cart: () => accountText("cart", "es"),
    reviews: () => accountText("reviews", "es"),
    checkoutFields: () => accountText("checkoutFields", "es"),
    howToBuy: (f) => f.orderingSteps ?? accountText("howToBuy", "es"),
    deleteAccount: (f) => deletionText("es", phones(f).email),
  },
  premiseWrong: (figure) =>
    figure ? `Te aclaro, porque no es así: no ofrecemos «${figure}».` : "Te aclaro, porque no es así:",
  capabilities:
    "Puedo ayudarte con productos (precio y disponibilidad), envíos y plazos, pagos, devoluciones y garantía, cancelar pedidos, el estado de tus pedidos, vender con nosotros, compras al por mayor, la tasa de cambio y cómo contactarnos.",
  greeting: (f) =>
    `¡Hola! Soy el asistente de atención al cliente de ${phones(f).name}. ¿En qué te ayudo? ${ES.capabilities}`,
  thanks: "¡De nada! ¿Hay algo más en lo que pueda ayudarte?",
  offTopic: "Lo siento, solo puedo ayudarte con temas de la tienda.",
  injection:
    "No puedo hacer eso: sigo siempre las reglas de la tienda y solo puedo darte información de tu propia cuenta.",
  unclear: "No estoy seguro de haberte entendido.",
  productsFound: (phrase) => `Esto encontré para «${phrase}»:`,
  productsClosest: (phrase) => `No encontré nada que tenga todo lo de «${phrase}»; lo más parecido:`,
  brandsFound: (phrase, brands) => `Marcas de «${phrase}» que vendemos: ${brands}.`,
  inStock: (n) => `en stock (${n} disponibles)`,
  outOfStock: "agotado",
  colorsOf: (colors) => `colores: ${colors}`,
  sizesOf: (sizes) => `tallas y variedades: ${sizes}`,
  wholesaleOf: (price) =>
    price ? `precio por mayor ${price} desde ${WHOLESALE_MIN_UNITS} unidades` : "sin precio por mayor",
  productsMore: "Ver todos los resultados",
  productsNone: (phrase) =>
    `No encontré productos para «${phrase}». Prueba en el buscador o pregúntame por otro producto.`,
  searchLink: "Buscar en la tienda",
  orderingEntry: "¿Cómo hago un pedido?",
  ordersSignIn: `Para ver tus pedidos necesito que inicies sesión: ${link("Iniciar sesión", localePath("es", "/login"))}. Luego pregúntame de nuevo o mira ${link("Mis pedidos", localePath("es", "/orders"))}.`,
  ordersNone: `Todavía no tienes pedidos en tu cuenta. Cuando hagas uno podrás seguirlo en ${link("Mis pedidos", localePath("es", "/orders"))}.`,
  orderNotFound: `No encuentro ningún pedido con ese número en tu cuenta. Solo puedo ver los pedidos de tu propia cuenta: no puedo mostrarte los de otra persona, aunque sea de tu familia. Revisa el número o mira ${link("Mis pedidos", localePath("es", "/orders"))}.`,
  orderStatus: (o) =>
    `Tu pedido ${o.label} del ${o.date} (${o.items} ${o.items === 1 ? "artículo" : "artículos"}: ${o.names}; ${o.total}) está en estado: ${o.status}. Dirección de entrega: ${o.address}.`,
  orderCancellable: (yes) =>
    yes
      ? "Todavía puedes cancelarlo desde Mis pedidos."
      : "Ya no se puede cancelar desde la web; para cualquier gestión habla con atención al cliente.",
  orderEstimate: "Plazo de entrega",
  orderLink: "Ver el pedido",
  invoiceLink: "Factura (PDF)",
  ordersLink: "Mis pedidos",
  helpCenterMore: (group) => `Más en el centro de ayuda: ${group}`,
};

const EN: Phrasebook = {
  topic: {
    shippingCost: (f) =>
      `${f.basket ? `${freeShippingSentence(f.basket, "en")} ` : ""}Shipping is worked out at checkout from the distance between our dispatch point in Havana and the point you pick on the map: standard delivery ${std} CUP per km, express ${exp} CUP per km.${priced(f, "en")} Shipping is always charged in CUP. Standard delivery is free when your goods come to ${usd(FREE_SHIPPING_MIN_CENTS, "en")} (${formatPrice(FREE_SHIPPING_MIN_CENTS / 100, "CUP", f.rate, "en")}) or more (after any coupon); express is never free. When the distance cannot be worked out, shipping costs ${FALLBACK_SHIPPING_CUP} CUP.`,
    deliveryTime: (f) =>
      `Standard delivery takes ${days} to ${daysMax} business days in Havana. Express arrives the same day when you order before ${hour} (Havana time); from ${hour} it cannot be chosen.${compared(f, "en")}${expressNowEn(f, "delivery")}`,
    express: (f) =>
      `Express delivery costs ${exp} CUP per km and arrives the same day when you order before ${hour} (Havana time); it is not available after ${hour} and is never free.${priced(f, "en", "express")}${compared(f, "en")}${expressNowEn(f, "express")}`,
    deliveryArea: (f) =>
      f.zones
        ? `${zoneSentences(f.zones, "en")} At checkout you pick the delivery point on the map; the price depends on the distance from Havana (${std} CUP per km standard, ${exp} CUP per km express).`
        : `We only deliver within Cuba. At checkout you pick the delivery point on the map, anywhere in Cuba; the price depends on the distance from Havana (${std} CUP per km standard, ${exp} CUP per km express). The ${days} to ${daysMax} business days estimate is for Havana; for other provinces please ask customer service${phones(f).att ? ` (${phones(f).att})` : ""}.`,
    payment: () =>
      `Payment is cash on delivery only: you pay when you receive your order. Card and PayPal are not available yet (coming soon). Bills of ${REFUSED_CUP_BILLS.join(", ").replace(/, (\d+)$/, " or $1")} CUP are not accepted. Shipping is charged in CUP.`,
    returns: (f) => {
      const p = phones(f);
      return `There are no general returns. If an item under warranty arrives defective, we replace it when you tell us within ${DEFECT_REPORT_HOURS} hours of delivery.${CLAIM_NEEDS.en} Refunds are only made exceptionally, through customer service${contactLine("en", p.att, p.email) ? `: ${contactLine("en", p.att, p.email)}` : ""}.`;
    },
    warranty: (f) => {
      const p = phones(f);
      return `Items with a warranty are covered for at least ${MIN_WARRANTY_DAYS} days (each product page says whether it has one). If it arrives defective, tell us within ${DEFECT_REPORT_HOURS} hours of delivery and we replace it${contactLine("en", p.att, p.email) ? `: ${contactLine("en", p.att, p.email)}` : ""}.${CLAIM_NEEDS.en}`;
    },
    cancel: (f) =>
      `You can cancel an order while it is ${cancellable("en").join(" or ")}, from ${link("My orders", localePath("en", "/orders"))}. Once it is on its way or delivered it cannot be cancelled on the site: please contact customer service${phones(f).att ? ` (${phones(f).att})` : ""}. If it is cancelled while on its way, the shipping cost is still charged.`,
    modify: () =>
      `An order cannot be changed after it is placed. While it is ${cancellable("en").join(" or ")} you can cancel it in ${link("My orders", localePath("en", "/orders"))} and place a new one.`,
    seller: (f) => {
      const p = phones(f);
      return `You can sell with us as a local provider (you keep the stock at your own premises) or a warehouse provider (you supply stock to our warehouse, with a minimum commitment of ${WAREHOUSE_MIN_COMMITMENT_MONTHS} month). The process: fill in the application (${step("apply").min} to ${step("apply").max} minutes), review (${step("review").min} to ${step("review").max} business days), an interview if you are shortlisted (${step("interview").min} to ${step("interview").max} days), help uploading your first products (${step("setup").min} to ${step("setup").max} days), then you start selling. Apply at ${link("Sell with us", localePath("en", "/sell-with-us"))}.${contactLine("en", p.sales, p.salesEmail) ? ` Sales: ${contactLine("en", p.sales, p.salesEmail)}.` : ""}`;
    },
    wholesale: () =>
      `Wholesale price (applied automatically, nothing to ask): when you buy ${WHOLESALE_MIN_UNITS} or more units of a product that has a wholesale price, that line is charged at it, in the cart and in the order. The product page shows the wholesale price when there is one.`,
    rate: (f) =>
      `${converted(f, "en")}The current exchange rate is 1 USD = ${formatPrice(1, "CUP", f.rate, "en")} (CUP is the Cuban peso). Prices are in USD and you can see them in CUP with the currency picker; shipping is charged in CUP.`,
    contact: (f) => {
      const p = phones(f);
      const att = contactLine("en", p.att, p.email);
      const sales = contactLine("en", p.sales, p.salesEmail);
      const where = f.location && f.address ? `We are at ${f.address}. ` : "";
      return `${where}${att ? `Customer service: ${att}. ` : ""}${sales ? `Sales and providers: ${sales}. ` : ""}This chat is available 24/7.`;
    },
    hours: (f) => {
      const att = contactLine("en", phones(f).att, phones(f).email);
      return `This chat is available 24 hours a day, 7 days a week (24/7).${att ? ` You can also reach customer service: ${att}.` : ""}`;
    },
    account: () =>
      `You need an account to buy: create it at ${link("Sign up", localePath("en", "/signup"))} and sign in at ${link("Sign in", localePath("en", "/login"))}. If you forgot your password, ask for a link at ${link("Reset password", "/reset_password?lang=en")}. If the activation or reset email does not arrive, wait a few minutes and check your spam (junk) folder. If the store has Google sign-in turned on, you can also sign in with your Google account. Your delivery details are edited in ${link("My account", localePath("en", "/account"))}.`,
    deals: (f) => dealsText(f.deals, f.rate, "en"),
    coupon: () =>
      `If you have a coupon, type it in the coupon box of the summary at ${link("checkout", localePath("en", "/checkout"))}: the discount applies to the goods (and counts towards free shipping from ${usd(FREE_SHIPPING_MIN_CENTS, "en")}).`,
    gift: () =>
      `Yes: at ${link("checkout", localePath("en", "/checkout"))} tick "This is a gift" and, if you like, write a gift message (up to ${GIFT_MESSAGE_LIMIT} characters); enter the details and address of whoever receives it and mark their delivery point on the map.`,
    identity: (f) => `I am the virtual customer-service assistant of ${phones(f).name}. ${EN.capabilities}`,
    recipients: () => accountText("recipients", "en"),
    stockAlert: () => accountText("stockAlert", "en"),
    sharedCart: () => accountText("sharedCart", "en"),
    dataSaver: () => accountText("dataSaver", "en"),
    signupRules: () => accountText("signupRules", "en"),
    wishlist: () => accountText("wishlist", "en"),
    reorder: () => accountText("reorder", "en"),
    privacy: () => accountText("privacy", "en"),
    orderEmails: () => accountText("orderEmails", "en"),
    services: () => accountText("services", "en"),
    deliveryPoint: () => accountText("deliveryPoint", "en"),
    trust: () => accountText("trust", "en"),
    invoice: () => accountText("invoice", "en"),
    chatData: () => accountText("chatData", "en"),
    cart: () => accountText("cart", "en"),
    reviews: () => accountText("reviews", "en"),
    checkoutFields: () => accountText("checkoutFields", "en"),
    howToBuy: (f) => f.orderingSteps ?? accountText("howToBuy", "en"),
    deleteAccount: (f) => deletionText("en", phones(f).email),
  },
  premiseWrong: (figure) =>
    figure
      ? `Let me correct that, it is not the case: we do not offer "${figure}".`
      : "Let me correct that, it is not the case:",
  capabilities:
    "I can help with products (price and stock), shipping and delivery times, payment, returns and warranty, cancelling orders, the status of your orders, selling with us, wholesale, the exchange rate and how to contact us.",
  greeting: (f) =>
    `Hello! I am the customer-service assistant of ${phones(f).name}. How can I help? ${EN.capabilities}`,
  thanks: "You're welcome! Is there anything else I can help with?",
  offTopic: "Sorry, I can only help with questions about the store.",
  injection:
    "I can't do that: I always follow the store's rules and can only share information about your own account.",
  unclear: "I'm not sure I understood.",
  productsFound: (phrase) => `Here is what I found for "${phrase}":`,
  productsClosest: (phrase) => `I couldn't find anything with all of "${phrase}"; the closest:`,
  brandsFound: (phrase, brands) => `Brands of "${phrase}" we sell: ${brands}.`,
  inStock: (n) => `in stock (${n} available)`,
  outOfStock: "out of stock",
  colorsOf: (colors) => `colours: ${colors}`,
  sizesOf: (sizes) => `sizes and varieties: ${sizes}`,
  wholesaleOf: (price) => (price ? `wholesale price ${price} from ${WHOLESALE_MIN_UNITS} units` : "no wholesale price"),
  productsMore: "See all results",
  productsNone: (phrase) =>
    `I couldn't find any products for "${phrase}". Try the search or ask me about another product.`,
  searchLink: "Search the store",
  orderingEntry: "How do I place an order?",
  ordersSignIn: `To look at your orders I need you to sign in: ${link("Sign in", localePath("en", "/login"))}. Then ask me again or open ${link("My orders", localePath("en", "/orders"))}.`,
  ordersNone: `You have no orders in your account yet. Once you place one you can follow it in ${link("My orders", localePath("en", "/orders"))}.`,
  orderNotFound: `I can't find an order with that number in your account. I can only see your own orders: I can't show someone else's, even a relative's. Please check the number or open ${link("My orders", localePath("en", "/orders"))}.`,
  orderStatus: (o) =>
    `Your order ${o.label} of ${o.date} (${o.items} ${o.items === 1 ? "item" : "items"}: ${o.names}; ${o.total}) has the status: ${o.status}. Delivery address: ${o.address}.`,
  orderCancellable: (yes) =>
    yes
      ? "You can still cancel it from My orders."
      : "It can no longer be cancelled on the site; for anything else please contact customer service.",
  orderEstimate: "Delivery estimate",
  orderLink: "See the order",
  invoiceLink: "Invoice (PDF)",
  ordersLink: "My orders",
  helpCenterMore: (group) => `More in the help center: ${group}`,
};

export const PHRASEBOOKS: Record<Language, Phrasebook> = { es: ES, en: EN };

/** The words of an order status in a language, as the order pages and emails write them. */
export function statusWords(lang: Language, s: OrderStatus): string {
  return status(lang, s);
}
