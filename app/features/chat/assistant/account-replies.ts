/**
 * The assistant's answers about the shopper's own tools beyond the spec (docs/features.md): saved
 * family recipients, back-in-stock alerts and the shareable cart ('¿puedo guardar la dirección de
 * mi tía?', 'notify me when it is back', 'can I send my cart to my son?'), and the rules of the sign-up form
 * (§5), the wishlist, ordering again, what is done with the shopper's data, and what the store does
 * not do (top-ups, remittances), how the courier finds a house without a number (the map's point),
 * why the store can be trusted (nothing is paid in advance) and where an order's invoice is. Every figure comes from
 * the feature that owns it. Pure.
 */
import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "~/features/accounts/schemas";
import { SHARE_DAYS } from "~/features/cart/components/shared-cart-view";
import { MAX_RECIPIENTS } from "~/features/recipients/schemas";
import { COMMENT_MAX, COMMENT_MIN } from "~/features/reviews/limits";
import type { Language } from "~/i18n/languages";
import { localePath } from "~/i18n/links";

export type AccountTopic =
  | "recipients"
  | "stockAlert"
  | "sharedCart"
  | "dataSaver"
  | "signupRules"
  | "wishlist"
  | "reorder"
  | "privacy"
  | "orderEmails"
  | "services"
  | "deliveryPoint"
  | "trust"
  | "invoice"
  | "chatData"
  | "howToBuy"
  | "cart"
  | "reviews"
  | "checkoutFields";

const link = (label: string, path: string) => `[${label}](${path})`;
/** The help centre's entry, linked at the end of an answer that says what it says. */
const more = (lang: Language, anchor: string) =>
  lang === "es"
    ? ` Más en el ${link("Centro de ayuda", `${localePath("es", "/help-center")}#${anchor}`)}.`
    : ` More in the ${link("Help center", `${localePath("en", "/help-center")}#${anchor}`)}.`;

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
    signupRules: () =>
      `Al ${link("crear la cuenta", localePath("es", "/signup"))}, el nombre de usuario lleva de ${USERNAME_MIN} a ${USERNAME_MAX} caracteres, todo en minúsculas y sin espacios: solo letras, números, guiones (-) y guiones bajos (_), y empieza por una letra o un número (por ejemplo «juanperez», no «Juan Perez»). La contraseña necesita al menos ${PASSWORD_MIN} caracteres, no puede ser solo números ni una contraseña común (como 123456 o password), no puede parecerse a tu nombre, tu usuario o tu correo, y tienes que repetirla igual.`,
    wishlist: () =>
      `Sí: en la ficha del producto pulsa el corazón y queda guardado en ${link("Tu lista de deseos", localePath("es", "/wishlist"))}, con su precio y si hay existencias, para comprarlo cuando quieras. Necesitas haber iniciado sesión.`,
    reorder: () =>
      `No hace falta buscarlo todo otra vez: en ${link("Mis pedidos", localePath("es", "/orders"))} abre el pedido y pulsa «Volver a pedir»: vuelves a pedir lo mismo con un clic. Añadimos sus productos a tu carrito con los precios y existencias de hoy, y solo te queda pagar.`,
    privacy: () =>
      `No vendemos ni cedemos tus datos. Solo los ve nuestro equipo y, tu nombre, teléfono y dirección, la persona que te entrega el pedido. Guardamos solo lo que hace falta para venderte y entregarte el pedido, y puedes pedirnos que los borremos. Más en la ${link("Política de privacidad", localePath("es", "/privacy-policy"))}.`,
    orderEmails: () =>
      `Te avisamos por correo cada vez que cambia el estado de tu pedido (cuando sale, cuando va en camino, cuando se entrega), al correo de tu cuenta. También lo ves en ${link("Mis pedidos", localePath("es", "/orders"))}.`,
    services: () =>
      "No vendemos recargas de móvil ni saldo, ni enviamos dinero (remesas): solo vendemos los productos del catálogo y los entregamos, y se pagan en efectivo al recibirlos.",
    deliveryPoint: () =>
      `En la ${link("caja", localePath("es", "/checkout"))} marcas en el mapa el punto exacto donde quieres recibir el pedido: el mensajero va a ese punto, aunque la casa no tenga número. En la dirección puedes escribir referencias (entre qué calles, el color de la casa, qué entrada).`,
    trust: () =>
      `No pagas nada por adelantado: se paga en efectivo al recibir el pedido, cuando ya lo tienes en la mano. Cada pedido tiene su número y su factura en PDF en ${link("Mis pedidos", localePath("es", "/orders"))}, y atención al cliente te atiende a cualquier hora por este chat.`,
    reviews: () =>
      `Para dejar una reseña, abre la ficha del producto y, en la pestaña «Reseñas», pulsa el botón para escribirla (necesitas haber ${link("iniciado sesión", localePath("es", "/login"))}): eliges de 1 a 5 estrellas y escribes un comentario de ${COMMENT_MIN} a ${COMMENT_MAX} caracteres. Después puedes editarla o borrarla.`,
    checkoutFields: () =>
      `En la ${link("caja", localePath("es", "/checkout"))} te pedimos nombre y apellidos, el carnet de identidad, la dirección, el municipio, la provincia y un teléfono de quien recibe; el código postal es opcional. Además tienes que marcar en el mapa el punto de entrega: sin él no se puede hacer el pedido.`,
    cart: () =>
      `Tu carrito está en el enlace del carrito de la cabecera, con el número de productos, y se ve cuando has iniciado sesión: ${link("Carrito", localePath("es", "/cart"))}. Para añadir productos necesitas ${link("iniciar sesión", localePath("es", "/login"))}.`,
    howToBuy: () =>
      `Los pasos para comprar están en el ${link("Centro de ayuda", `${localePath("es", "/help-center")}#orders`)}.`,
    chatData: () =>
      `Los mensajes de este chat se guardan solo mientras la conversación está abierta, para poder responderte, y se borran cuando sales de la página del chat o borras la conversación. Más en la ${link("Política de privacidad", localePath("es", "/privacy-policy"))}.`,
    invoice: () =>
      `Puedes descargar la factura en PDF de cada pedido desde ${link("Mis pedidos", localePath("es", "/orders"))}: abre el pedido y pulsa «Factura (PDF)». Necesitas haber iniciado sesión.`,
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
    signupRules: () =>
      `When you ${link("sign up", localePath("en", "/signup"))}, the username takes ${USERNAME_MIN} to ${USERNAME_MAX} characters, all lowercase with no spaces: only letters, digits, hyphens (-) and underscores (_), starting with a letter or a digit (for example "juanperez", not "Juan Perez"). The password needs at least ${PASSWORD_MIN} characters, cannot be all digits or a common password (such as 123456 or password), cannot look like your name, username or email, and must be typed the same twice.`,
    wishlist: () =>
      `Yes: on the product page press the heart and it is saved in ${link("Your wishlist", localePath("en", "/wishlist"))}, with its price and whether it is in stock, to buy whenever you like. You need to be signed in.`,
    reorder: () =>
      `No need to look for everything again: in ${link("My orders", localePath("en", "/orders"))} open the order and press "Order again" to order the same again in one click. We add its products to your cart at today's prices and stock, and you only have to check out.`,
    privacy: () =>
      `We don't sell or hand over your data. Only our team sees it and, for your name, phone and address, the person who delivers your order. We keep only what we need to sell to you and deliver your order, and you can ask us to delete it. More in the ${link("Privacy policy", localePath("en", "/privacy-policy"))}.`,
    orderEmails: () =>
      `We email you every time your order's status changes (when it is processed, on its way, delivered), at your account's email address. You can also see it in ${link("My orders", localePath("en", "/orders"))}.`,
    services: () =>
      "We don't sell mobile top-ups or phone credit, and we don't send money (remittances): we only sell and deliver the products in our catalogue, paid in cash on delivery.",
    deliveryPoint: () =>
      `At ${link("checkout", localePath("en", "/checkout"))} you mark on the map the exact point where you want to receive the order: the courier goes to that point, even if the house has no number. In the address you can write landmarks (the cross streets, the colour of the house, which entrance).`,
    trust: () =>
      `You pay nothing in advance: you pay in cash on delivery, once the order is in your hands. Every order has its number and a PDF invoice in ${link("My orders", localePath("en", "/orders"))}, and customer service answers at any hour in this chat.`,
    reviews: () =>
      `To leave a review, open the product's page and, in the "Reviews" tab, press the button to write one (you need to be ${link("signed in", localePath("en", "/login"))}): you pick 1 to 5 stars and write a comment of ${COMMENT_MIN} to ${COMMENT_MAX} characters. You can edit or delete it later.`,
    checkoutFields: () =>
      `At ${link("checkout", localePath("en", "/checkout"))} we ask for the first and last name, the identity card number (carnet), the address, municipality, province and a phone number of whoever receives it; the postal code is optional. You also have to mark the delivery point on the map: without it the order cannot be placed.`,
    cart: () =>
      `Your cart is the cart link in the header, with the number of items, shown once you are signed in: ${link("Cart", localePath("en", "/cart"))}. To add products you need to ${link("sign in", localePath("en", "/login"))}.`,
    howToBuy: () => `The steps to buy are in the ${link("Help center", `${localePath("en", "/help-center")}#orders`)}.`,
    chatData: () =>
      `This chat's messages are kept only while the conversation is open, so we can reply, and they are deleted when you leave the chat page or clear the conversation. More in the ${link("Privacy policy", localePath("en", "/privacy-policy"))}.`,
    invoice: () =>
      `You can download each order's invoice as a PDF from ${link("My orders", localePath("en", "/orders"))}: open the order and press "Invoice (PDF)". You need to be signed in.`,
  },
};

/** The answer to one of these topics, in the page's language. */
export function accountText(topic: AccountTopic, lang: Language): string {
  return TEXTS[lang][topic]();
}

/**
 * How to delete the account or change its name or email (the privacy policy): by writing to
 * customer service from the account's email; orders are kept for the accounts' obligations.
 */
export function deletionText(lang: Language, email: string): string {
  return lang === "es"
    ? `Para eliminar tu cuenta, o para cambiar tu nombre o tu correo, escríbenos a ${email} desde el correo de tu cuenta y lo hacemos por ti; te avisamos por correo cuando esté hecho. Borramos tu cuenta, tu perfil, tu carrito, tu lista de deseos y tus reseñas; los pedidos se conservan el tiempo que exigen nuestras obligaciones contables. Tu teléfono y tu dirección los cambias tú en ${link("Mi cuenta", localePath("es", "/account"))}.${more("es", "account")}`
    : `To delete your account, or to change your name or email, write to ${email} from your account's email address and we'll do it for you; we email you once it's done. We delete your account, profile, cart, wishlist and reviews; orders are kept for as long as our accounting obligations require. You change your phone and address yourself in ${link("My account", localePath("en", "/account"))}.${more("en", "account")}`;
}
