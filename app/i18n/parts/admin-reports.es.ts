/** The back office's reports (docs/features.md, "Reports"): keys under `admin.reports.`, only the admin pages receive them. */
export const adminReportsEs = {
  "admin.reports.title": "Informes",
  "admin.reports.intro":
    "Ventas, productos, municipios y cancelaciones de un periodo. Cuentan como ventas los pedidos hechos en el periodo que no están cancelados (por procesar, procesados, en camino o entregados); los cancelados solo cuentan en la tasa de cancelación. Las mercancías son en USD, después de cupones; el envío, en CUP.",
  "admin.reports.range": "Periodo",
  "admin.reports.rangeHelp":
    "Días de La Habana, ambos incluidos: un pedido cuenta en el día en que se hizo, hora de La Habana. Como mucho dos años. Las semanas van de lunes a domingo.",
  "admin.reports.field.from": "Desde",
  "admin.reports.field.to": "Hasta",
  "admin.reports.show": "Ver informes",
  "admin.reports.errors.date": "Escribe una fecha válida (AAAA-MM-DD).",
  "admin.reports.errors.order": "La fecha de inicio no puede ser posterior a la fecha final.",
  "admin.reports.errors.span": "El periodo puede abarcar como mucho {max} días (dos años).",
  "admin.reports.csv": "Descargar CSV: {report}",
  "admin.reports.empty": "No hay datos en este periodo.",
  "admin.reports.chartDesc": "Gráfico de barras: {report}. La tabla siguiente tiene las mismas cifras.",
  "admin.reports.table": "Tabla: {report}",
  "admin.reports.total": "Total",
  "admin.reports.daily.title": "Ventas por día",
  "admin.reports.daily.help":
    "Por día: pedidos vendidos, mercancías (USD, después de cupones), envío (CUP) y valor medio de un pedido (mercancías entre pedidos). Las barras son las mercancías.",
  "admin.reports.weekly.title": "Ventas por semana",
  "admin.reports.weekly.help":
    "Lo mismo por semana, de lunes a domingo; cada semana se nombra por su lunes, y la primera y la última pueden estar cortadas por el periodo.",
  "admin.reports.products.title": "Productos más vendidos",
  "admin.reports.products.help":
    "Los 10 productos con más unidades vendidas; los ingresos son unidades por el precio cobrado, antes del cupón del pedido. Las barras son las unidades.",
  "admin.reports.municipalities.title": "Municipios con más pedidos",
  "admin.reports.municipalities.help":
    "Los 10 municipios de entrega con más pedidos vendidos, según la dirección del pedido. Las barras son los pedidos.",
  "admin.reports.cancellations.title": "Tasa de cancelación",
  "admin.reports.cancellations.help":
    "Pedidos hechos y cancelados por semana, y cancelados entre hechos. Las barras son la tasa.",
  "admin.reports.wanted.title": "Agotados más pedidos",
  "admin.reports.wanted.help":
    "Los productos sin existencias con más clientes esperando el aviso de que vuelven (suscripciones confirmadas, hoy, sin importar el periodo). Las barras son los clientes.",
  "admin.reports.col.day": "Día",
  "admin.reports.col.week": "Semana (lunes)",
  "admin.reports.col.orders": "Pedidos",
  "admin.reports.col.goods": "Mercancías (USD)",
  "admin.reports.col.shipping": "Envío (CUP)",
  "admin.reports.col.average": "Pedido medio (USD)",
  "admin.reports.col.product": "Producto",
  "admin.reports.col.units": "Unidades",
  "admin.reports.col.revenue": "Ingresos (USD)",
  "admin.reports.col.municipality": "Municipio",
  "admin.reports.col.province": "Provincia",
  "admin.reports.col.placed": "Hechos",
  "admin.reports.col.cancelled": "Cancelados",
  "admin.reports.col.rate": "Tasa de cancelación",
  "admin.reports.col.waiting": "Clientes esperando",
} as const;
