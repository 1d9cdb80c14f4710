import type { adminReportsEs } from "./admin-reports.es";

/** The back office's reports (docs/features.md, "Reports"), in English. */
export const adminReportsEn = {
  "admin.reports.title": "Reports",
  "admin.reports.intro":
    "Sales, products, municipalities and cancellations over a period. Sales are the orders placed in the period that are not cancelled (awaiting processing, processed, shipping or delivered); cancelled orders count only in the cancellation rate. Goods are in USD, after coupons; shipping in CUP.",
  "admin.reports.range": "Period",
  "admin.reports.rangeHelp":
    "Havana days, both included: an order counts on the day it was placed, Havana time. Two years at most. Weeks run Monday to Sunday.",
  "admin.reports.field.from": "From",
  "admin.reports.field.to": "To",
  "admin.reports.show": "Show reports",
  "admin.reports.errors.date": "Enter a valid date (YYYY-MM-DD).",
  "admin.reports.errors.order": "The start date cannot be after the end date.",
  "admin.reports.errors.span": "The period can span at most {max} days (two years).",
  "admin.reports.csv": "Download CSV: {report}",
  "admin.reports.empty": "No figures in this period.",
  "admin.reports.chartDesc": "Bar chart: {report}. The table below holds the same figures.",
  "admin.reports.table": "Table: {report}",
  "admin.reports.total": "Total",
  "admin.reports.daily.title": "Sales by day",
  "admin.reports.daily.help":
    "Per day: orders sold, goods (USD, after coupons), shipping (CUP) and average order value (goods over orders). The bars are the goods.",
  "admin.reports.weekly.title": "Sales by week",
  "admin.reports.weekly.help":
    "The same per week, Monday to Sunday; each week is named by its Monday, and the first and last may be cut by the period.",
  "admin.reports.products.title": "Top products",
  "admin.reports.products.help":
    "The 10 products with most units sold; revenue is units times the price charged, before the order's coupon. The bars are the units.",
  "admin.reports.municipalities.title": "Top municipalities",
  "admin.reports.municipalities.help":
    "The 10 delivery municipalities with most orders sold, from the order's address. The bars are the orders.",
  "admin.reports.cancellations.title": "Cancellation rate",
  "admin.reports.cancellations.help":
    "Orders placed and cancelled per week, and cancelled over placed. The bars are the rate.",
  "admin.reports.wanted.title": "Most-wanted out of stock",
  "admin.reports.wanted.help":
    "The products out of stock with most customers waiting for the back-in-stock alert (confirmed subscriptions, today, whatever the period). The bars are the customers.",
  "admin.reports.col.day": "Day",
  "admin.reports.col.week": "Week (Monday)",
  "admin.reports.col.orders": "Orders",
  "admin.reports.col.goods": "Goods (USD)",
  "admin.reports.col.shipping": "Shipping (CUP)",
  "admin.reports.col.average": "Average order (USD)",
  "admin.reports.col.product": "Product",
  "admin.reports.col.units": "Units",
  "admin.reports.col.revenue": "Revenue (USD)",
  "admin.reports.col.municipality": "Municipality",
  "admin.reports.col.province": "Province",
  "admin.reports.col.placed": "Placed",
  "admin.reports.col.cancelled": "Cancelled",
  "admin.reports.col.rate": "Cancellation rate",
  "admin.reports.col.waiting": "Customers waiting",
} satisfies Record<keyof typeof adminReportsEs, string>;
