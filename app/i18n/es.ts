import { adminEs } from "./parts/admin.es";
import { adminOrdersEs } from "./parts/admin-orders.es";
import { adminSellersEs } from "./parts/admin-sellers.es";
import { adminCatalogEs } from "./parts/admin-catalog.es";
import { adminImportEs } from "./parts/admin-import.es";
import { adminMoneyEs } from "./parts/admin-money.es";
import { adminReportsEs } from "./parts/admin-reports.es";
import { adminDeliveryEs } from "./parts/admin-delivery.es";
import { adminStaffEs } from "./parts/admin-staff.es";
import { twoFactorEs } from "./parts/two-factor.es";
import { adminCustomersEs } from "./parts/admin-customers.es";
import { deliveryEs } from "./parts/delivery.es";
import { claimsEs } from "./parts/claims.es";
import { stockAlertsEs } from "./parts/stock-alerts.es";
import { recipientsEs } from "./parts/recipients.es";
import { adminContentEs } from "./parts/admin-content.es";
import { accountsEs } from "./parts/accounts.es";
import { cartEs } from "./parts/cart.es";
import { sharedCartEs } from "./parts/shared-cart.es";
import { catalogEs } from "./parts/catalog.es";
import { chatEs } from "./parts/chat.es";
import { checkoutPageEs } from "./parts/checkout-page.es";
import { orderDocsEs } from "./parts/order-docs.es";
import { ordersPageEs } from "./parts/orders-page.es";
import { ordersEs } from "./parts/orders.es";
import { productEs } from "./parts/product.es";
import { staticPagesEs } from "./parts/static-pages.es";
import { offlineEs } from "./parts/offline.es";
import { sellEs } from "./parts/sell.es";

/**
 * Spanish messages: the default language (spec §2.1) and the reference catalogue whose keys
 * `en.ts` must match exactly. Keys are flat and dotted; `{name}` is interpolated; plural forms
 * end in `_one` / `_other` (see i18n.ts).
 */
export const esCore = {
  "site.name": "Tienda Cuba",
  "site.tagline": "Tu tienda en línea en Cuba",
  "meta.defaultDescription":
    "Compra en línea alimentos, aseo, hogar, electrodomésticos, energía solar y más, con entrega en La Habana y pago contra entrega.",

  "a11y.skipToContent": "Saltar al contenido principal",

  "language.es": "Español",
  "language.en": "English",
  "currency.USD": "Dólares (USD)",
  "currency.CUP": "Pesos cubanos (CUP)",

  "header.homeLink": "{name}, ir al inicio",
  "header.deliverTo": "Entregar en",
  "header.deliveryCity": "La Habana",
  "header.zone.paused": "La entrega en {name} está en pausa: {reason}",
  "header.zone.notServed": "Todavía no entregamos en {name}.",
  "header.zone.change": "Elegir otro municipio",
  "header.search.toggle": "Buscar",
  "header.search.label": "Buscar productos",
  "header.search.placeholder": "Buscar en la tienda",
  "header.search.category": "Categoría",
  "header.search.allCategories": "Todas las categorías",
  "header.search.submit": "Buscar",
  "header.language.label": "Idioma",
  "header.language.current": "Idioma: {language}",
  "header.currency.label": "Moneda",
  "header.currency.current": "Moneda: {currency}",
  "dataSaver.label": "Ahorro de datos",
  "dataSaver.notice": "Ahorro de datos activado: toca una imagen para verla.",
  "dataSaver.showImages": "Mostrar imágenes",
  "dataSaver.turnOff": "Desactivar",
  "header.account.greeting": "Hola, identifícate",
  "header.account.label": "Cuenta y listas",
  "header.account.signIn": "Identificarse",
  "header.account.newCustomer": "¿Cliente nuevo?",
  "header.account.startHere": "Empieza aquí",
  "header.account.backOffice": "Administración",
  "header.chat": "Atención al cliente",
  "header.mainNav": "Navegación principal",

  "nav.all": "Todo",
  "nav.settings": "Ajustes",
  "nav.departments": "Departamentos",
  "nav.info": "Ayuda e información",
  "nav.allDepartments": "Ver todos los departamentos",

  "links.chat": "Chat de atención al cliente",
  "links.sellWithUs": "Vende con nosotros",
  "links.aboutUs": "Sobre nosotros",
  "links.helpCenter": "Centro de ayuda",
  "links.privacyPolicy": "Política de privacidad",
  "links.termsOfService": "Términos del servicio",

  "footer.followUs": "Síguenos",
  "footer.social.facebook": "{name} en Facebook",
  "footer.social.twitter": "{name} en X (Twitter)",
  "footer.social.instagram": "{name} en Instagram",
  "footer.social.linkedin": "{name} en LinkedIn",
  "footer.contact": "Contacto",
  "footer.phone": "Teléfono de atención al cliente",
  "footer.email": "Correo de soporte",
  "footer.info": "Información",
  "footer.copyright": "© {year} {name}. Todos los derechos reservados.",
  "footer.payment": "Pago en efectivo al recibir tu pedido.",
  "footer.logo": "Logotipo de {name}",

  "newsletter.title": "Recibe nuestras ofertas",
  "newsletter.text": "Suscríbete y te avisamos de novedades y ofertas. Sin spam.",
  "newsletter.email": "Correo electrónico",
  "newsletter.placeholder": "tucorreo@ejemplo.com",
  "newsletter.submit": "Suscribirme",
  "newsletter.sending": "Enviando…",
  "newsletter.thanks": "¡Gracias por suscribirte! Pronto recibirás nuestras ofertas.",
  "newsletter.error": "No pudimos guardar tu suscripción. Inténtalo de nuevo.",
  "newsletter.email.required": "Escribe tu correo electrónico.",
  "newsletter.email.invalid": "Escribe un correo electrónico válido.",
  "newsletter.email.tooLong": "El correo electrónico es demasiado largo.",

  "home.title": "{name}: compras en línea con entrega en Cuba",
  "home.heading": "{name}, tu tienda en línea en Cuba",
  "home.carousel.roledescription": "carrusel",
  "home.carousel.label": "Promociones destacadas",
  "home.carousel.slide": "diapositiva",
  "home.carousel.slideOf": "{n} de {total}",
  "home.carousel.previous": "Diapositiva anterior",
  "home.carousel.next": "Diapositiva siguiente",
  "home.carousel.goTo": "Ir a la diapositiva {n}",
  "home.carousel.pause": "Pausar el carrusel",
  "home.carousel.play": "Reanudar el carrusel",
  "home.carousel.shopNow": "Ver ahora",
  "home.carousel.whatsapp": "Escríbenos por WhatsApp",
  "home.slide.fashion.title": "Moda para toda la familia",
  "home.slide.fashion.subtitle": "Ropa, calzado y accesorios con entrega en La Habana.",
  "home.slide.home.title": "Hogar y jardín",
  "home.slide.home.subtitle": "Todo para tu casa, tu cocina y tu patio, a buen precio.",
  "home.categories.title": "Compra por categoría",
  "home.categories.seeMore": "Ver más",
  "home.categories.seeMoreOf": "de {name}",
  "home.newArrivals.title": "Novedades",
  "home.bestSellers.title": "Más vendidos",
  "home.deals.title": "Ofertas del día",
  "home.recentlyViewed.title": "Vistos recientemente",
  "home.seeAll": "Ver todo",
  "home.services.label": "Por qué comprar con nosotros",
  "home.services.shipping.title": "Envío gratis desde $50",
  "home.services.shipping.text": "En pedidos de $50 o más con entrega estándar.",
  "home.services.quality.title": "Garantía de calidad",
  "home.services.quality.text": "Productos revisados y garantía de al menos 15 días.",
  "home.services.support.title": "Atención 24/7",
  "home.services.support.text": "Te ayudamos por chat a cualquier hora, todos los días.",

  "shop.title": "Todos los departamentos",
  "shop.description": "Explora todos los departamentos de la tienda y sus categorías.",
  "shop.empty": "Todavía no hay departamentos.",

  "search.title": "Resultados para «{q}»",
  "search.titleEmpty": "Buscar productos",
  "search.description": "Busca productos en la tienda por nombre, marca o categoría.",
  "search.count_one": "{count} producto encontrado",
  "search.count_other": "{count} productos encontrados",
  "search.inCategory": "en {category}",
  "search.startTitle": "Empieza a buscar",
  "search.start": "Escribe en la barra de búsqueda lo que necesitas: un producto, una marca o una categoría.",
  "search.noResultsTitle": "No encontramos resultados",
  "search.noResults": "No hay productos para «{q}». Revisa la ortografía o prueba con otras palabras.",
  "search.backHome": "Volver al inicio",
  "search.showingFor": "Mostrando resultados para «{terms}»",
  "search.partial": "Ningún producto tiene todas las palabras de «{q}».",
  "search.didYouMean": "¿Quisiste decir",
  "search.popular": "Lo más vendido en la tienda",
  "search.popularIn": "Lo más vendido en {category}",
  "search.tips.title": "Consejos para buscar",
  "search.tips.fewerWords": "Usa menos palabras: «arroz» encuentra más que «arroz blanco de 5 kilos».",
  "search.tips.otherWord": "Prueba otra palabra para lo mismo: «nevera» o «refrigerador», «celular» o «teléfono».",
  "search.tips.category": "Busca en todas las categorías o explora la tienda por categorías.",

  "breadcrumb.label": "Ruta de navegación",
  "breadcrumb.home": "Inicio",

  "pagination.label": "Paginación",
  "pagination.previous": "Anterior",
  "pagination.next": "Siguiente",
  "pagination.page": "Página {n}",
  "pagination.status": "Página {n} de {total}",

  "product.outOfStock": "Agotado",
  "product.discountBadge": "-{percent}%",
  "product.discount": "{percent}% de descuento",
  "product.priceLabel": "Precio",
  "product.originalPriceLabel": "Precio anterior",
  "product.rating": "Valoración: {rating} de 5",
  "product.reviews_one": "{count} reseña",
  "product.reviews_other": "{count} reseñas",
  "product.noReviews": "Aún no hay reseñas",
  "product.colors": "Colores",
  "product.varieties": "Variedades",
  "product.more": "+{count} más",
  "product.loading": "Cargando productos…",

  "notFound.title": "Página no encontrada",
  "notFound.code": "Error 404",
  "notFound.text": "La página que buscas no existe o ya no está disponible.",
  "notFound.home": "Volver al inicio",
  "notFound.search": "O busca lo que necesitas en la barra de búsqueda.",

  "error.title": "Algo salió mal",
  "error.text": "Tuvimos un problema al mostrar esta página. Inténtalo de nuevo en unos minutos.",
  "error.unreadableForm":
    "No pudimos leer los datos enviados: no son un formulario de esta página. Vuelve a cargar la página e inténtalo de nuevo.",
  "error.illFormedText": "El texto contiene caracteres no válidos",
  "error.retry": "Reintentar",
  "error.home": "Ir al inicio",
  "error.reference": "Si nos escribes, indica este código de referencia: {id}",
} as const;

/** Every Spanish message: the core above plus each area's part (app/i18n/parts). */
export const es = {
  ...esCore,
  ...catalogEs,
  ...productEs,
  ...accountsEs,
  ...cartEs,
  ...sharedCartEs,
  ...orderDocsEs,
  ...ordersEs,
  ...ordersPageEs,
  ...checkoutPageEs,
  ...staticPagesEs,
  ...offlineEs,
  ...chatEs,
  ...sellEs,
  ...adminEs,
  ...adminOrdersEs,
  ...adminSellersEs,
  ...adminCatalogEs,
  ...adminImportEs,
  ...adminMoneyEs,
  ...adminReportsEs,
  ...adminDeliveryEs,
  ...adminStaffEs,
  ...twoFactorEs,
  ...adminCustomersEs,
  ...deliveryEs,
  ...stockAlertsEs,
  ...claimsEs,
  ...recipientsEs,
  ...adminContentEs,
} as const;
