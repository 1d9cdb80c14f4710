/**
 * The documents an order produces: the PDF invoice (decision “Invoice and reorder”) and the order emails (§4.1). Labels the
 * two share (statuses, totals, delivery, payment) live under `invoice.` so both say the same.
 */
export const orderDocsEs = {
  "invoice.title": "Factura",
  "invoice.documentTitle": "Factura del pedido {id}",
  "invoice.orderNumber": "N.º de pedido",
  "invoice.date": "Fecha",
  "invoice.havanaTime": "hora de La Habana",
  "invoice.status": "Estado",
  "invoice.status.not_processed": "No procesado",
  "invoice.status.processed": "Procesado",
  "invoice.status.shipping": "En camino",
  "invoice.status.delivered": "Entregado",
  "invoice.status.cancelled": "Cancelado",
  "invoice.store.email": "Correo",
  "invoice.store.phone": "Teléfono",

  "invoice.deliverTo": "Datos de entrega",
  "invoice.fullName": "Nombre",
  "invoice.identityCard": "Carné de identidad",
  "invoice.phone": "Teléfono",
  "invoice.address": "Dirección",
  "invoice.city": "Municipio",
  "invoice.province": "Provincia",
  "invoice.zip": "Código postal",
  "invoice.country": "País",
  "invoice.deliveryPoint": "Punto de entrega (latitud, longitud)",
  "invoice.delivery": "Entrega",
  "invoice.deliveryOption": "Tipo de entrega",
  "invoice.option.standard": "Estándar",
  "invoice.option.express": "Express",
  "invoice.estimate": "Plazo",
  // decision “Delivery estimates”, the same words as checkout and the help centre.
  "invoice.estimate.standard": "De 1 a 2 días hábiles en La Habana",
  "invoice.estimate.express": "El mismo día, si se pidió antes de las {cutoff}",
  "invoice.gift": "Pedido de regalo",
  "invoice.giftMessage": "Mensaje de regalo",

  "invoice.table.product": "Producto",
  "invoice.table.variant": "Color / variedad",
  "invoice.table.quantity": "Cant.",
  "invoice.table.unitPrice": "Precio unit.",
  "invoice.table.amount": "Importe",
  "invoice.table.continued": "Productos (continuación)",
  "invoice.color": "Color: {color}",
  "invoice.variety": "Variedad: {variety}",

  "invoice.subtotal": "Subtotal de productos",
  "invoice.coupon": "Cupón {name}",
  "invoice.discount": "Descuento",
  "invoice.goodsTotal": "Total de productos",
  "invoice.shipping": "Envío (se cobra en CUP)",
  "invoice.shippingFree": "Gratis",
  "invoice.total": "Total",
  "invoice.totalMixed": "{usd} + {cup} de envío",
  "invoice.totalCup": "Total en CUP",
  "invoice.rateNote":
    "Total en CUP = total de productos ({usd}) a la tasa del pedido, 1 USD = {rate} CUP, más el envío ({shipping}). El envío siempre se cobra en CUP.",

  "invoice.payment": "Forma de pago",
  "invoice.paymentCash": "pago contra entrega, en efectivo",
  // decision “Cash on delivery only”
  "invoice.billsNotice": "No se aceptan billetes de 1, 5 ni 10 CUP.",
  "invoice.thanks": "¡Gracias por comprar en {name}!",
  "invoice.questions": "¿Dudas sobre tu pedido? Escríbenos a {email} o llámanos al {phone}.",
  "invoice.page": "Página {n} de {total}",

  "email.order.footer": "{name}, La Habana. ¿Tienes dudas? Escríbenos por el chat de atención al cliente.",
  "email.order.action": "Ver mi pedido",
  "email.order.summary": "Resumen del pedido",
  "email.order.items": "Productos",
  "email.order.totals": "Importe",
  "email.order.unitPrice": "{price} c/u",
  "email.order.note": "Nota de la tienda: {note}",

  "email.order.confirmation.subject": "Recibimos tu pedido {id}",
  "email.order.confirmation.intro": "¡Gracias por tu compra! El {date} recibimos tu pedido {id}.",
  "email.order.confirmation.next":
    "Te escribiremos cada vez que cambie su estado. Desde tu cuenta puedes seguirlo, descargar la factura o cancelarlo mientras no haya salido a entrega.",

  "email.order.status.subject.not_processed": "Tu pedido {id} está pendiente",
  "email.order.status.subject.processed": "Estamos preparando tu pedido {id}",
  "email.order.status.subject.shipping": "Tu pedido {id} va en camino",
  "email.order.status.subject.delivered": "Tu pedido {id} fue entregado",
  "email.order.status.subject.cancelled": "Tu pedido {id} fue cancelado",
  "email.order.status.text.not_processed":
    "Tu pedido {id} está pendiente de procesar. Te avisaremos en cuanto empecemos a prepararlo.",
  "email.order.status.text.processed":
    "Confirmamos tu pedido {id} y lo estamos preparando para la entrega. Todavía puedes cancelarlo desde tu cuenta hasta que salga a entrega.",
  "email.order.status.text.shipping":
    "Tu pedido {id} salió hacia la dirección de entrega. Ten listo el pago en efectivo: {total}.",
  "email.order.status.text.delivered": "Entregamos tu pedido {id}. ¡Gracias por comprar en {name}!",
  "email.order.status.text.cancelled":
    "Cancelamos tu pedido {id}. Los productos volvieron al inventario de la tienda y no tienes que pagarlos.",
  "email.order.status.shippingCancel":
    "Como el pedido ya salió, cancelarlo ahora solo es posible a través de atención al cliente y los gastos de envío se cobran igual.",
  "email.order.status.deliveredWarranty":
    "Si un artículo con garantía llegó defectuoso, avísanos dentro de las {hours} horas siguientes a la entrega y lo cambiamos.",
  "email.order.status.cancelledShipping":
    "Si el pedido ya había salido a entrega cuando se canceló, puede que debas pagar los gastos de envío.",
  "email.order.status.cancelledShippingAmount":
    "Si el pedido ya había salido a entrega cuando se canceló, puede que debas pagar los gastos de envío ({shipping}).",
} as const;
