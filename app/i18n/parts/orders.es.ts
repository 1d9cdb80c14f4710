/**
 * Checkout, shipping and orders (§2.14, §2.15, §4.1, §4.5, §5 Checkout, §8 Shipping, Coupon,
 * Checkout and Orders). Status, delivery option and decision “Delivery estimates” estimate names are the invoice's
 * (`invoice.*` in order-docs), so every place says the same.
 */
export const ordersEs = {
  // §5 Checkout, in the order the fields are checked.
  "checkout.errors.firstNameRequired": "El nombre es obligatorio",
  "checkout.errors.lastNameRequired": "Los apellidos son obligatorios",
  "checkout.errors.clientIdRequired": "El número de carné de identidad es obligatorio",
  "checkout.errors.clientIdInvalid": "El carné de identidad solo puede tener letras, números y guiones",
  "checkout.errors.addressRequired": "La dirección es obligatoria",
  "checkout.errors.cityRequired": "El municipio es obligatorio",
  "checkout.errors.stateRequired": "La provincia es obligatoria",
  "checkout.errors.phoneRequired": "El número de teléfono es obligatorio",
  "checkout.errors.phoneInvalid": "El teléfono solo puede tener números, espacios, +, -, ( y )",
  "checkout.errors.tooLong": "Este texto es demasiado largo",
  "checkout.errors.invalidText": "Este campo contiene caracteres no válidos",
  "checkout.errors.invalidValue": "Valor no válido",
  "checkout.errors.invalidBody": "Los datos del pedido no son válidos",
  "checkout.errors.giftMessageTooLong": "El mensaje de regalo puede tener como máximo 255 caracteres",
  "checkout.errors.amountInvalid": "El total del pedido no es un importe válido",
  "checkout.errors.shippingPriceInvalid": "El precio del envío no es un importe válido en CUP",
  "checkout.errors.cashOnly": "Por ahora solo aceptamos pago en efectivo contra entrega",
  "checkout.errors.idempotencyKey": "La cabecera Idempotency-Key no es válida",
  // decision “The server decides every figure”: the server's answers to create-order.
  "checkout.errors.emptyCart": "Tu carrito está vacío",
  "checkout.errors.totalChanged":
    "El total de tu pedido cambió. Revisa el nuevo total y el envío antes de confirmar el pedido.",
  "checkout.errors.notEnoughStock": "No hay suficientes unidades de {name}: quedan {stock}",
  "checkout.errors.soldOut": "{name} se agotó: quítalo del carrito para continuar",
  // Delivery zones (docs/decisions/013-delivery-zones.md): the municipality typed is outside the zones served now.
  "checkout.errors.zoneNotServed": "No entregamos en {name}.",
  "checkout.errors.zonePaused": "La entrega en {name} está en pausa: {reason}",
  "checkout.errors.zoneNoExpress": "En {name} no hay entrega exprés: elige la estándar.",
  "checkout.errors.zoneMinOrder": "El pedido mínimo para {name} es {amount} en productos.",
  "checkout.errors.failed": "No se pudo realizar el pedido. Inténtalo de nuevo.",
  "checkout.errors.network": "Error de conexión. Revisa tu conexión a internet.",
  "checkout.errors.server": "Error del servidor. Inténtalo de nuevo más tarde.",

  // §4.5, §8 Shipping; decisions “Free standard shipping”, “Shipping price and the express cut-off”.
  "shipping.errors.invalidLocation": "Por favor, selecciona tu ubicación de entrega en el mapa",
  "shipping.errors.outsideCuba": "Solo hacemos entregas en Cuba: elige un punto dentro de la isla",
  "shipping.errors.invalidOption": "Elige entrega estándar o express",
  "shipping.errors.expressClosed":
    "La entrega express no está disponible a partir de las {cutoff} (hora de La Habana). Elige la entrega estándar.",
  "shipping.errors.failed": "No se pudo calcular el costo del envío",

  // §5, §8 Coupon.
  "coupons.errors.required": "Por favor, escribe un código de cupón",
  "coupons.applied": "Cupón aplicado correctamente",

  // §4.1, §8 Orders.
  "orders.errors.notFound": "Pedido no encontrado",
  "orders.errors.cannotCancel":
    "Este pedido ya no se puede cancelar porque está «{status}». Para cancelarlo, contacta con atención al cliente.",
  "orders.errors.invalidTransition": "Un pedido «{from}» no puede pasar a «{to}»",
  "orders.errors.cancelFailed": "Error al cancelar el pedido",
  "orders.errors.invoiceFailed": "Error al descargar la factura",
  "orders.errors.reorderFailed": "Error al volver a pedir",
  "orders.cancelled": "Pedido cancelado",
  // decision “Invoice and reorder” reorder: why a line did not go back in the cart.
  "orders.reorder.productGone": "Este producto ya no está a la venta",
  "orders.reorder.outOfStock": "Producto agotado",
  "orders.reorder.optionGone": "Este color o variedad ya no está disponible",
  "orders.reorder.capped": "Solo hay {count} disponibles: tu carrito tiene todas",
} as const;
