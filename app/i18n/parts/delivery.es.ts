/** The "Entregar en" page (/{lang}/delivery) and the delivery notes of the product and cart pages. */
export const deliveryEs = {
  "delivery.title": "¿Dónde entregamos?",
  "delivery.intro":
    "Elige el municipio donde recibirás tu pedido: te diremos si entregamos allí y cuánto demora. Puedes cambiarlo cuando quieras.",
  "delivery.field.municipality": "Municipio",
  "delivery.submit": "Guardar",
  "delivery.saved": "Listo: entregamos tus pedidos en {name}.",
  "delivery.current": "Ahora: {name} ({province})",
  "delivery.option.paused": "{name} (en pausa)",
  "delivery.option.notServed": "{name} (sin entrega)",
  "delivery.open": "Entregamos en {name} en {min} a {max} días hábiles.",
  "delivery.express.yes": "Puedes elegir entrega exprés.",
  "delivery.express.no": "Aquí no hay entrega exprés.",
  "delivery.minOrder": "Pedido mínimo: {amount} en productos.",
  "delivery.paused": "La entrega en {name} está en pausa: {reason}",
  "delivery.notServed": "Todavía no entregamos en {name}.",
  "delivery.back": "Seguir comprando",
  "delivery.errors.municipality": "Elige un municipio de la lista.",
  "delivery.note.open": "Se entrega en {name} en {min} a {max} días hábiles.",
  "delivery.note.paused": "No se puede entregar en {name} ahora: {reason}",
  "delivery.note.notServed": "No entregamos en {name}.",
  "delivery.note.choose": "Cambiar",
} as const;
