/**
 * Reading the shop without a connection: the notice on every page, the message
 * of a form that needs the server, the offline page and the installable app's manifest.
 */
export const offlineEs = {
  "offline.notice": "Sin conexión: los precios pueden haber cambiado.",
  "offline.formNeedsConnection":
    "Esto necesita conexión a internet. Lo que escribiste sigue aquí: envíalo cuando vuelvas a tener conexión.",

  "offline.page.title": "Estás sin conexión",
  "offline.page.text":
    "Esta página todavía no está guardada en tu teléfono, así que no podemos mostrarla sin conexión.",
  "offline.page.hint":
    "Las páginas que ya visitaste se pueden leer sin conexión. Vuelve a intentarlo cuando tengas conexión.",
  "offline.page.retry": "Reintentar",
  "offline.page.home": "Ir al inicio",

  "offline.manifest.shortName": "Tienda Cuba",
} as const;
