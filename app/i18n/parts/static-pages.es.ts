/**
 * The interface around the static pages of §2.18 (their texts are Markdown in content/pages): the
 * last-updated line, the about-us contact buttons and the help centre's tiles and contact panel.
 */
export const staticPagesEs = {
  "staticPages.lastUpdated": "Última actualización:",
  "staticPages.contact.chatFallback": "nuestro chat de atención al cliente",

  "staticPages.about.contactTitle": "¿Necesitas ayuda?",
  "staticPages.about.helpCenter": "Ir al centro de ayuda",
  "staticPages.about.email": "Escribir a soporte",

  "staticPages.help.tilesTitle": "Ayuda rápida",
  "staticPages.help.tile.orders": "Seguimiento, cancelación y facturas",
  "staticPages.help.tile.shipping": "Tarifas, plazos y pago contra entrega",
  "staticPages.help.tile.returns": "Productos defectuosos y garantía",
  "staticPages.help.tile.account": "Registro, contraseña y tus datos",
  "staticPages.help.faqTitle": "Preguntas frecuentes",
  "staticPages.help.contact.title": "¿Todavía necesitas ayuda?",
  "staticPages.help.contact.text": "Te atendemos las 24 horas, los 7 días de la semana.",
  "staticPages.help.contact.chat": "Chat en vivo",
  "staticPages.help.contact.chatText": "Respuesta al momento",
  "staticPages.help.contact.phone": "Llámanos",
  "staticPages.help.contact.email": "Escríbenos",
} as const;
