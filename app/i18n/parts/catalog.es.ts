/** Spanish messages of the catalog pages (merged into es.ts). */
export const catalogEs = {
  // Shared by every listing (§2.7, §2.8, §2.9, §2.12).
  "catalog.count_one": "{count} producto encontrado",
  "catalog.count_other": "{count} productos encontrados",
  "catalog.pageTitle": "{title}, página {n}",
  "catalog.results": "Productos",
  "catalog.loadingResults": "Actualizando los productos…",

  "catalog.view.label": "Vista",
  "catalog.view.grid": "Cuadrícula",
  "catalog.view.list": "Lista",

  "catalog.sort.label": "Ordenar",
  "catalog.sort.date_created.desc": "Más recientes",
  "catalog.sort.date_created.asc": "Más antiguos",
  "catalog.sort.price.asc": "Precio: menor a mayor",
  "catalog.sort.price.desc": "Precio: mayor a menor",
  "catalog.sort.name.asc": "Nombre: A-Z",
  "catalog.sort.name.desc": "Nombre: Z-A",
  "catalog.sort.sold.desc": "Más vendidos",
  "catalog.sort.sold.asc": "Menos vendidos",

  "catalog.filters.title": "Filtros",
  "catalog.filters.active_one": "{count} activo",
  "catalog.filters.active_other": "{count} activos",
  "catalog.filters.apply": "Aplicar",
  "catalog.filters.clear": "Borrar filtros",
  "catalog.filters.price": "Precio (USD)",
  "catalog.price.all": "Todos los precios",
  "catalog.price.range": "De ${min} a ${max}",
  "catalog.price.over": "Más de ${min}",
  "catalog.filters.category": "Categoría",
  "catalog.filters.allCategories": "Todas las categorías",

  // A product in list mode (§2.9).
  "catalog.item.brand": "Marca",
  "catalog.item.combo": "Combo",
  "catalog.item.comboContains": "Contiene: {items}",
  "catalog.item.comboPart": "{count} × {name}",
  "catalog.item.sale": "Oferta",
  "catalog.item.inStock": "En existencia",
  "catalog.item.fewLeft_one": "¡Solo queda {count}!",
  "catalog.item.fewLeft_other": "¡Solo quedan {count}!",
  "catalog.item.addToCart": "Añadir al carrito",
  "catalog.item.signInToBuy": "Inicia sesión para comprar",

  // Category page (§2.7).
  "catalog.category.description": "Compra {name} en línea con entrega en La Habana y pago contra entrega: {list}.",
  "catalog.category.subcategories": "Categorías de {name}",
  "catalog.category.products": "Todos los productos de {name}",
  "catalog.category.others": "Explora otras categorías",
  "catalog.category.productCount_one": "{count} producto",
  "catalog.category.productCount_other": "{count} productos",
  "catalog.category.emptyTitle": "Todavía no hay productos en {name}",
  "catalog.category.emptyText":
    "Estamos preparando esta sección. Mientras tanto, descubre lo que tenemos en otras categorías.",
  "catalog.backHome": "Volver al inicio",

  // Subcategory listing (§2.8).
  "catalog.subcategory.description":
    "{name} en {parent}: compra en línea con entrega en La Habana y pago contra entrega.",
  "catalog.listing.emptyTitle": "No encontramos productos",
  "catalog.listing.emptyFiltered": "No hay productos de {name} en este rango de precios. Prueba con otro rango.",
  "catalog.listing.emptyText": "Todavía no hay productos en {name}.",
  "catalog.listing.backTo": "Volver a {name}",
  "catalog.listing.pastEndTitle": "Esta página no tiene productos",
  "catalog.listing.pastEndText": "La lista termina antes de esta página.",
  "catalog.listing.firstPage": "Ir a la primera página",

  // Home-products listing (§2.9).
  "catalog.homeProducts.newArrivals.description": "Los productos más nuevos de la tienda, con entrega en La Habana.",
  "catalog.homeProducts.bestSellers.description":
    "Los productos que más compran nuestros clientes, con entrega en La Habana.",
  "catalog.homeProducts.emptyTitle": "Todavía no hay productos aquí",
  "catalog.homeProducts.emptyText": "Vuelve pronto: estamos añadiendo productos a la tienda.",
  "catalog.continueShopping": "Seguir comprando",

  // Search results (§2.12).
  "catalog.search.breadcrumb": "Búsqueda",
} as const;
