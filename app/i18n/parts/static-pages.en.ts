import type { staticPagesEs } from "./static-pages.es";

export const staticPagesEn = {
  "staticPages.lastUpdated": "Last updated:",
  "staticPages.contact.chatFallback": "our customer-service chat",

  "staticPages.about.contactTitle": "Need help?",
  "staticPages.about.helpCenter": "Go to the help center",
  "staticPages.about.email": "Email support",

  "staticPages.help.tilesTitle": "Quick help",
  "staticPages.help.tile.orders": "Tracking, cancelling and invoices",
  "staticPages.help.tile.shipping": "Rates, times and cash on delivery",
  "staticPages.help.tile.returns": "Defective items and warranty",
  "staticPages.help.tile.account": "Sign-up, password and your details",
  "staticPages.help.faqTitle": "Frequently asked questions",
  "staticPages.help.contact.title": "Still need help?",
  "staticPages.help.contact.text": "We're here 24 hours a day, 7 days a week.",
  "staticPages.help.contact.chat": "Live chat",
  "staticPages.help.contact.chatText": "Answers right away",
  "staticPages.help.contact.phone": "Call us",
  "staticPages.help.contact.email": "Email us",
} satisfies Record<keyof typeof staticPagesEs, string>;
