import type { es, esCore } from "./es";
import { adminEn } from "./parts/admin.en";
import { adminOrdersEn } from "./parts/admin-orders.en";
import { adminSellersEn } from "./parts/admin-sellers.en";
import { adminCatalogEn } from "./parts/admin-catalog.en";
import { adminImportEn } from "./parts/admin-import.en";
import { adminMoneyEn } from "./parts/admin-money.en";
import { adminReportsEn } from "./parts/admin-reports.en";
import { adminDeliveryEn } from "./parts/admin-delivery.en";
import { adminStaffEn } from "./parts/admin-staff.en";
import { twoFactorEn } from "./parts/two-factor.en";
import { adminCustomersEn } from "./parts/admin-customers.en";
import { deliveryEn } from "./parts/delivery.en";
import { claimsEn } from "./parts/claims.en";
import { stockAlertsEn } from "./parts/stock-alerts.en";
import { recipientsEn } from "./parts/recipients.en";
import { adminContentEn } from "./parts/admin-content.en";
import { accountsEn } from "./parts/accounts.en";
import { cartEn } from "./parts/cart.en";
import { sharedCartEn } from "./parts/shared-cart.en";
import { catalogEn } from "./parts/catalog.en";
import { chatEn } from "./parts/chat.en";
import { checkoutPageEn } from "./parts/checkout-page.en";
import { orderDocsEn } from "./parts/order-docs.en";
import { ordersPageEn } from "./parts/orders-page.en";
import { ordersEn } from "./parts/orders.en";
import { productEn } from "./parts/product.en";
import { staticPagesEn } from "./parts/static-pages.en";
import { offlineEn } from "./parts/offline.en";
import { sellEn } from "./parts/sell.en";

/** English messages: must have exactly the keys of `es.ts` (a missing or extra key fails tsc). */
const enCore = {
  "site.name": "Tienda Cuba",
  "site.tagline": "Your online store in Cuba",
  "meta.defaultDescription":
    "Shop online for groceries, toiletries, home goods, appliances, solar power gear and more, delivered in Havana with cash on delivery.",

  "a11y.skipToContent": "Skip to main content",

  "language.es": "Español",
  "language.en": "English",
  "currency.USD": "US dollars (USD)",
  "currency.CUP": "Cuban pesos (CUP)",

  "header.homeLink": "{name}, go to the home page",
  "header.deliverTo": "Deliver to",
  "header.deliveryCity": "Havana",
  "header.zone.paused": "Delivery to {name} is paused: {reason}",
  "header.zone.notServed": "We do not deliver to {name} yet.",
  "header.zone.change": "Choose another municipality",
  "header.search.toggle": "Search",
  "header.search.label": "Search products",
  "header.search.placeholder": "Search the store",
  "header.search.category": "Category",
  "header.search.allCategories": "All Categories",
  "header.search.submit": "Search",
  "header.language.label": "Language",
  "header.language.current": "Language: {language}",
  "header.currency.label": "Currency",
  "header.currency.current": "Currency: {currency}",
  "dataSaver.label": "Data saver",
  "dataSaver.notice": "Data saver is on: tap an image to see it.",
  "dataSaver.showImages": "Show images",
  "dataSaver.turnOff": "Turn off",
  "header.account.greeting": "Hello, sign in",
  "header.account.label": "Account & Lists",
  "header.account.signIn": "Sign in",
  "header.account.newCustomer": "New customer?",
  "header.account.startHere": "Start here",
  "header.account.backOffice": "Back office",
  "header.chat": "Customer service",
  "header.mainNav": "Main navigation",

  "nav.all": "All",
  "nav.settings": "Settings",
  "nav.departments": "Departments",
  "nav.info": "Help & information",
  "nav.allDepartments": "See all departments",

  "links.chat": "Customer service chat",
  "links.sellWithUs": "Sell with us",
  "links.aboutUs": "About us",
  "links.helpCenter": "Help center",
  "links.privacyPolicy": "Privacy policy",
  "links.termsOfService": "Terms of service",

  "footer.followUs": "Follow us",
  "footer.social.facebook": "{name} on Facebook",
  "footer.social.twitter": "{name} on X (Twitter)",
  "footer.social.instagram": "{name} on Instagram",
  "footer.social.linkedin": "{name} on LinkedIn",
  "footer.contact": "Contact",
  "footer.phone": "Customer service phone",
  "footer.email": "Support email",
  "footer.info": "Information",
  "footer.copyright": "© {year} {name}. All rights reserved.",
  "footer.payment": "Pay in cash when your order arrives.",
  "footer.logo": "{name} logo",

  "newsletter.title": "Get our deals",
  "newsletter.text": "Subscribe and we will tell you about new arrivals and deals. No spam.",
  "newsletter.email": "Email address",
  "newsletter.placeholder": "you@example.com",
  "newsletter.submit": "Subscribe",
  "newsletter.sending": "Sending…",
  "newsletter.thanks": "Thanks for subscribing! Our deals will reach you soon.",
  "newsletter.error": "We could not save your subscription. Please try again.",
  "newsletter.email.required": "Enter your email address.",
  "newsletter.email.invalid": "Enter a valid email address.",
  "newsletter.email.tooLong": "The email address is too long.",

  "home.title": "{name}: online shopping delivered in Cuba",
  "home.heading": "{name}, your online store in Cuba",
  "home.carousel.roledescription": "carousel",
  "home.carousel.label": "Featured promotions",
  "home.carousel.slide": "slide",
  "home.carousel.slideOf": "{n} of {total}",
  "home.carousel.previous": "Previous slide",
  "home.carousel.next": "Next slide",
  "home.carousel.goTo": "Go to slide {n}",
  "home.carousel.pause": "Pause the carousel",
  "home.carousel.play": "Resume the carousel",
  "home.carousel.shopNow": "Shop now",
  "home.carousel.whatsapp": "Message us on WhatsApp",
  "home.slide.fashion.title": "Fashion for the whole family",
  "home.slide.fashion.subtitle": "Clothes, shoes and accessories delivered in Havana.",
  "home.slide.home.title": "Home and garden",
  "home.slide.home.subtitle": "Everything for your house, kitchen and patio at a good price.",
  "home.categories.title": "Shop by category",
  "home.categories.seeMore": "See more",
  "home.categories.seeMoreOf": "of {name}",
  "home.newArrivals.title": "New arrivals",
  "home.bestSellers.title": "Best sellers",
  "home.deals.title": "Today's deals",
  "home.recentlyViewed.title": "Recently viewed",
  "home.seeAll": "See all",
  "home.services.label": "Why shop with us",
  "home.services.shipping.title": "Free shipping from $50",
  "home.services.shipping.text": "On orders of $50 or more with standard delivery.",
  "home.services.quality.title": "Quality guarantee",
  "home.services.quality.text": "Checked products and a warranty of at least 15 days.",
  "home.services.support.title": "24/7 support",
  "home.services.support.text": "We help you by chat at any hour, every day.",

  "shop.title": "All departments",
  "shop.description": "Browse every department of the store and its categories.",
  "shop.empty": "There are no departments yet.",

  "search.title": "Results for “{q}”",
  "search.titleEmpty": "Search products",
  "search.description": "Search the store's products by name, brand or category.",
  "search.count_one": "{count} product found",
  "search.count_other": "{count} products found",
  "search.inCategory": "in {category}",
  "search.startTitle": "Start searching",
  "search.start": "Type what you need in the search bar: a product, a brand or a category.",
  "search.noResultsTitle": "No results found",
  "search.noResults": "There are no products for “{q}”. Check the spelling or try other words.",
  "search.backHome": "Back to home",
  "search.showingFor": "Showing results for “{terms}”",
  "search.partial": "No product has every word of “{q}”.",
  "search.didYouMean": "Did you mean",
  "search.popular": "Best sellers in the store",
  "search.popularIn": "Best sellers in {category}",
  "search.tips.title": "Search tips",
  "search.tips.fewerWords": "Use fewer words: “rice” finds more than “white rice 5 kilos”.",
  "search.tips.otherWord": "Try another word for the same thing: “fridge” or “refrigerator”, “phone” or “smartphone”.",
  "search.tips.category": "Search every category, or browse the store by category.",

  "breadcrumb.label": "Breadcrumb",
  "breadcrumb.home": "Home",

  "pagination.label": "Pagination",
  "pagination.previous": "Previous",
  "pagination.next": "Next",
  "pagination.page": "Page {n}",
  "pagination.status": "Page {n} of {total}",

  "product.outOfStock": "Out of stock",
  "product.discountBadge": "-{percent}%",
  "product.discount": "{percent}% off",
  "product.priceLabel": "Price",
  "product.originalPriceLabel": "Previous price",
  "product.rating": "Rated {rating} out of 5",
  "product.reviews_one": "{count} review",
  "product.reviews_other": "{count} reviews",
  "product.noReviews": "No reviews yet",
  "product.colors": "Colours",
  "product.varieties": "Varieties",
  "product.more": "+{count} more",
  "product.loading": "Loading products…",

  "notFound.title": "Page not found",
  "notFound.code": "Error 404",
  "notFound.text": "The page you are looking for does not exist or is no longer available.",
  "notFound.home": "Back to home",
  "notFound.search": "Or search for what you need in the search bar.",

  "error.title": "Something went wrong",
  "error.text": "We had a problem showing this page. Please try again in a few minutes.",
  "error.unreadableForm":
    "We could not read what was sent: it is not a form of this page. Please reload the page and try again.",
  "error.illFormedText": "The text contains invalid characters",
  "error.retry": "Try again",
  "error.home": "Go to home",
  "error.reference": "If you contact us, please quote this reference code: {id}",
} satisfies Record<keyof typeof esCore, string>;

/** Every English message: exactly the keys of `es` (a missing or extra key fails tsc). */
export const en = {
  ...enCore,
  ...catalogEn,
  ...productEn,
  ...accountsEn,
  ...cartEn,
  ...sharedCartEn,
  ...orderDocsEn,
  ...ordersEn,
  ...ordersPageEn,
  ...checkoutPageEn,
  ...staticPagesEn,
  ...offlineEn,
  ...chatEn,
  ...sellEn,
  ...adminEn,
  ...adminOrdersEn,
  ...adminSellersEn,
  ...adminCatalogEn,
  ...adminImportEn,
  ...adminMoneyEn,
  ...adminReportsEn,
  ...adminDeliveryEn,
  ...adminStaffEn,
  ...twoFactorEn,
  ...adminCustomersEn,
  ...deliveryEn,
  ...stockAlertsEn,
  ...claimsEn,
  ...recipientsEn,
  ...adminContentEn,
} satisfies Record<keyof typeof es, string>;
