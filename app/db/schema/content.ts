/** Slides, company info and newsletter subscriptions (spec §3), owned by app/features/content. */
import { boolean, doublePrecision, integer, pgTable, serial, smallint, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const slides = pgTable("slides", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  titleEn: text("title_en"),
  subtitle: text("subtitle").notNull().default(""),
  subtitleEn: text("subtitle_en"),
  imageUrl: text("image_url").notNull(),
  link: text("link"),
  /** Mobile-app link (iPhone, iPad, iPod, Android) used instead of `link` on such devices (§2.5). */
  appLink: text("app_link"),
  hasWhatsapp: boolean("has_whatsapp").notNull().default(false),
  phoneNumber: text("phone_number").notNull().default(""),
  whatsappMessage: text("whatsapp_message").notNull().default(""),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
});

/** A single row (id = 1) holding the company record of §3. */
export const companyInfo = pgTable("company_info", {
  id: smallint("id").primaryKey().default(1),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  descriptionEn: text("description_en"),
  companyLogoUrl: text("company_logo_url").notNull().default(""),
  facebookUrl: text("facebook_url").notNull().default(""),
  twitterUrl: text("twitter_url").notNull().default(""),
  instagramUrl: text("instagram_url").notNull().default(""),
  linkedinUrl: text("linkedin_url").notNull().default(""),
  attPhone: text("att_phone").notNull().default(""),
  supportEmail: text("support_email").notNull().default(""),
  sellsPhone: text("sells_phone").notNull().default(""),
  salesEmail: text("sales_email").notNull().default(""),
  address: text("address").notNull().default(""),
  dispatchLatitude: doublePrecision("dispatch_latitude").notNull().default(23.1136), // decision “Shipping price and the express cut-off”
  dispatchLongitude: doublePrecision("dispatch_longitude").notNull().default(-82.3666),
});

export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  email: text("email").primaryKey(), // stored lower-cased: one row per address (decision “Newsletter”)
  language: text("language").notNull().default("es"),
  createdAt: createdAt(),
});
