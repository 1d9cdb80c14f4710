/**
 * The assistant's answers about the shopper's own tools beyond the spec (docs/features.md): saved
 * family recipients, back-in-stock alerts and the shareable cart ('¿puedo guardar la dirección de
 * mi tía?', 'notify me when it is back', 'can I send my cart to my son?'). Every figure comes from
 * the feature that owns it. Pure.
 */
import { SHARE_DAYS } from "~/features/cart/components/shared-cart-view";
import { MAX_RECIPIENTS } from "~/features/recipients/schemas";
import type { Language } from "~/i18n/languages";
import { localePath } from "~/i18n/links";

export type AccountTopic = "recipients" | "stockAlert" | "sharedCart" | "dataSaver";

const link = (label: string, path: string) => `[${label}](${path})`;

const TEXTS: Record<Language, Record<AccountTopic, () => string>> = {
  es: {
    recipients: () =>
      `Sí: en ${link("Mi cuenta", `${localePath("es", "/account")}#recipients`)}, en «Destinatarios», guardas a las personas que reciben tus pedidos (tu mamá, tu tía…) con su nombre, carné, teléfono, dirección, municipio y provincia, hasta ${MAX_RECIPIENTS}. Al pagar, en la caja, eliges a quién va el pedido, o guardas allí mismo un destinatario nuevo. Necesitas haber iniciado sesión.`,
    stockAlert: () =>
      `Si un producto está agotado, en su ficha verás «¿Se acabó? Te avisamos»: pulsa «Avísame cuando llegue» y te escribimos una sola vez, por correo, cuando vuelva a haber. Si no has iniciado sesión, deja tu correo y primero confirma el aviso con el enlace que te enviamos. Puedes quitar el aviso cuando quieras.`,
    sharedCart: () =>
      `Sí: en tu ${link("carrito", localePath("es", "/cart"))} pulsa «Compartir carrito» y te damos un enlace con los productos y cantidades, sin tus datos. Quien lo abra (por ejemplo, un familiar que paga desde su cuenta) puede añadirlo todo a su carrito con los precios y existencias de ese día. El enlace vale ${SHARE_DAYS} días.`,
    dataSaver: () =>
      "Sí: abre el menú «Todo» de la cabecera y, en «Ajustes», activa «Ahorro de datos». Las fotos no se descargan hasta que tocas una, así la página gasta muchos menos datos y carga antes. Se quita igual, desde el mismo menú.",
  },
  en: {
    recipients: () =>
      `Yes: in ${link("My account", `${localePath("en", "/account")}#recipients`)}, under "Recipients", you save the people who receive your orders (your mom, your aunt…) with their name, ID card, phone, address, municipality and province, up to ${MAX_RECIPIENTS}. At checkout you pick who the order goes to, or save a new recipient right there. You need to be signed in.`,
    stockAlert: () =>
      `When a product is out of stock, its page shows "Sold out? We'll let you know": press "Notify me when it's back" and we email you once, when it is back in stock. If you are not signed in, leave your email and first confirm the alert with the link we send you. You can remove the alert at any time.`,
    sharedCart: () =>
      `Yes: in your ${link("cart", localePath("en", "/cart"))} press "Share cart" and you get a link with the products and quantities, without your details. Whoever opens it (a relative paying from their own account, for example) can add it all to their cart at that day's prices and stock. The link is valid for ${SHARE_DAYS} days.`,
    dataSaver: () =>
      'Yes: open the "All" menu in the header and, under "Settings", turn on "Data saver". Photos are not downloaded until you tap one, so the page uses much less data and loads sooner. Turn it off the same way.',
  },
};

/** The answer to one of these topics, in the page's language. */
export function accountText(topic: AccountTopic, lang: Language): string {
  return TEXTS[lang][topic]();
}
