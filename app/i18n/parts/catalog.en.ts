import type { catalogEs } from "./catalog.es";

/** English messages of the catalog pages: exactly the keys of catalog.es.ts. */
export const catalogEn = {
  "catalog.count_one": "{count} product found",
  "catalog.count_other": "{count} products found",
  "catalog.pageTitle": "{title}, page {n}",
  "catalog.results": "Products",
  "catalog.loadingResults": "Updating the products…",

  "catalog.view.label": "View",
  "catalog.view.grid": "Grid",
  "catalog.view.list": "List",

  "catalog.sort.label": "Sort",
  "catalog.sort.date_created.desc": "Newest first",
  "catalog.sort.date_created.asc": "Oldest first",
  "catalog.sort.price.asc": "Price: low to high",
  "catalog.sort.price.desc": "Price: high to low",
  "catalog.sort.name.asc": "Name: A-Z",
  "catalog.sort.name.desc": "Name: Z-A",
  "catalog.sort.sold.desc": "Best selling",
  "catalog.sort.sold.asc": "Least sold",

  "catalog.filters.title": "Filters",
  "catalog.filters.active_one": "{count} active",
  "catalog.filters.active_other": "{count} active",
  "catalog.filters.apply": "Apply",
  "catalog.filters.clear": "Clear filters",
  "catalog.filters.price": "Price (USD)",
  "catalog.price.all": "All prices",
  "catalog.price.range": "${min} to ${max}",
  "catalog.price.over": "More than ${min}",
  "catalog.filters.category": "Category",
  "catalog.filters.allCategories": "All Categories",

  "catalog.item.brand": "Brand",
  "catalog.item.sale": "Sale",
  "catalog.item.inStock": "In stock",
  "catalog.item.fewLeft_one": "Only {count} left!",
  "catalog.item.fewLeft_other": "Only {count} left!",
  "catalog.item.addToCart": "Add to cart",
  "catalog.item.signInToBuy": "Sign in to buy",

  "catalog.category.description": "Shop {name} online with delivery in Havana and cash on delivery: {list}.",
  "catalog.category.subcategories": "{name} categories",
  "catalog.category.products": "All {name} products",
  "catalog.category.others": "Explore other categories",
  "catalog.category.productCount_one": "{count} product",
  "catalog.category.productCount_other": "{count} products",
  "catalog.category.emptyTitle": "No products in {name} yet",
  "catalog.category.emptyText":
    "We are getting this section ready. Meanwhile, discover what we have in other categories.",
  "catalog.backHome": "Back to Home",

  "catalog.subcategory.description": "{name} in {parent}: shop online with delivery in Havana and cash on delivery.",
  "catalog.listing.emptyTitle": "No products found",
  "catalog.listing.emptyFiltered": "There are no {name} products in this price range. Try another range.",
  "catalog.listing.emptyText": "There are no products in {name} yet.",
  "catalog.listing.backTo": "Back to {name}",
  "catalog.listing.pastEndTitle": "This page has no products",
  "catalog.listing.pastEndText": "The list ends before this page.",
  "catalog.listing.firstPage": "Go to the first page",

  "catalog.homeProducts.newArrivals.description": "The newest products in the store, with delivery in Havana.",
  "catalog.homeProducts.bestSellers.description": "What our customers buy most, with delivery in Havana.",
  "catalog.homeProducts.emptyTitle": "No products here yet",
  "catalog.homeProducts.emptyText": "Come back soon: we are adding products to the store.",
  "catalog.continueShopping": "Continue shopping",

  "catalog.search.breadcrumb": "Search",
} satisfies Record<keyof typeof catalogEs, string>;
