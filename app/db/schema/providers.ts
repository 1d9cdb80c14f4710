/** Seller applications (spec §3 Provider application), owned by app/features/providers. */
import { boolean, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const providerApplications = pgTable("provider_applications", {
  id: serial("id").primaryKey(),
  businessName: text("business_name").notNull(),
  contactName: text("contact_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  address: text("address").notNull(),
  providerType: text("provider_type").$type<"local" | "warehouse">().notNull(),
  productCategories: text("product_categories").notNull(),
  businessDescription: text("business_description").notNull(),
  termsAccepted: boolean("terms_accepted").notNull(),
  status: text("status").$type<"pending" | "approved" | "rejected">().notNull().default("pending"),
  language: text("language").notNull().default("es"), // the applicant's emails speak it
  /** The operator's decision: the note sent to the applicant, when, and by whom. */
  reviewNote: text("review_note").notNull().default(""),
  reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  reviewedBy: text("reviewed_by"),
  createdAt: createdAt(),
});
