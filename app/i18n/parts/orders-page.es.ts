/**
 * The orders page (§2.15, §4.1, §8 Orders): the list, the in-page detail and its four actions.
 * Status, delivery option and estimate names are the invoice's (`invoice.*` in order-docs), so the
 * page, the PDF and the emails say the same.
 */
export const ordersPageEs = {
  "orders.page.title": "Tus pedidos",
  "orders.page.detailTitle": "Pedido {id}",
  "orders.page.intro": "Consulta tus pedidos, síguelos, descarga la factura, vuelve a pedir o cancela un pedido.",
  "orders.page.listLabel": "Tus pedidos, del más reciente al más antiguo",
  "orders.page.empty.title": "Todavía no tienes pedidos",
  "orders.page.empty.text": "Cuando hagas un pedido lo verás aquí y podrás seguirlo hasta que llegue a tu casa.",
  "orders.page.empty.action": "Empezar a comprar",

  "orders.page.orderNumber": "Pedido",
  "orders.page.date": "Fecha",
  "orders.page.status": "Estado",
  "orders.page.total": "Total",
  "orders.page.items_one": "{count} artículo",
  "orders.page.items_other": "{count} artículos",
  "orders.page.totalMixed": "{goods} + {shipping} de envío",
  "orders.page.view": "Ver detalles",
  "orders.page.viewOf": "del pedido {id}",
  "orders.page.back": "Volver a tus pedidos",

  "orders.page.notFound.text": "No encontramos ese pedido entre los tuyos. Revisa el número o elige uno de la lista.",

  "orders.page.placedOn": "Hecho el {date}",
  "orders.page.actions": "Acciones del pedido",
  "orders.page.track": "Seguir el pedido",
  "orders.page.invoice": "Descargar factura",
  "orders.page.invoiceBusy": "Descargando…",
  "orders.page.reorder": "Volver a pedir",
  "orders.page.reorderBusy": "Añadiendo al carrito…",
  "orders.page.cancel": "Cancelar pedido",

  "orders.page.lines": "Productos",
  "orders.page.quantity": "Cantidad: {count}",
  "orders.page.unitPrice": "{price} c/u",
  "orders.page.lineTotal": "Importe",
  "orders.page.totals": "Importe del pedido",
  "orders.page.rateNote": "Pagas en efectivo al recibir el pedido. El envío siempre se cobra en CUP.",

  "orders.page.tracking": "Seguimiento",
  "orders.page.step.done": "completado",
  "orders.page.step.current": "estado actual",
  "orders.page.step.upcoming": "pendiente",
  "orders.page.step.upcomingDate": "Próximo paso",

  "orders.page.cancelTitle": "Cancelar el pedido",
  "orders.page.cancelHelp":
    "Puedes cancelar un pedido mientras no esté en camino ni entregado. Si se cancela cuando ya está en camino, los gastos de envío se cobran igual.",
  "orders.page.cannotCancel":
    "Este pedido ya no se puede cancelar desde aquí. Para cancelarlo, contacta con atención al cliente.",
  "orders.page.confirm.title": "¿Seguro que quieres cancelar el pedido {id}?",
  "orders.page.confirm.text": "Los productos volverán a la tienda. Esta acción no se puede deshacer.",
  "orders.page.confirm.yes": "Sí, cancelar el pedido",
  "orders.page.confirm.busy": "Cancelando…",
  "orders.page.confirm.no": "No, mantener el pedido",
  "orders.page.cancelled": "Cancelamos tu pedido {id}. Los productos volvieron a la tienda.",

  "orders.page.reorder.added": "Añadimos los productos de tu pedido al carrito.",
  "orders.page.reorder.partial":
    "Añadimos al carrito lo que quedaba disponible de tu pedido. No se añadió todo: {lines}",
  "orders.page.reorder.none": "No se pudo añadir ningún producto de tu pedido al carrito: {lines}",
  "orders.page.reorder.more": "y {count} más",
} as const;
