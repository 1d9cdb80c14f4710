/**
 * Which pages take file uploads, and how much they may send: the one definition the request-body limit reads. Only the back office's image forms do;
 * the raised limit applies to a request only once its session says it comes from an operator
 * (server/app.ts `applyHttpMiddleware`), everyone else keeps the small cap of every other page.
 */
import { matchPath } from "react-router";
import { MAX_CLAIM_PHOTOS, MAX_CLAIM_PHOTO_BYTES } from "~/features/claims/limits";

/** The upload forms of the back office (app/routes.ts), under `/:lang`: products' images and CSV import, categories, slides, logo. */
export const UPLOAD_ROUTES = [
  "/:lang/admin/products/new",
  // The catalogue CSV import (docs/features.md, "Catalogue import and export"): a file of up to 16 MB, then sent back in base64.
  "/:lang/admin/products/import",
  "/:lang/admin/products/:productId",
  "/:lang/admin/categories/new",
  "/:lang/admin/categories/:categoryId",
  "/:lang/admin/slides/new",
  "/:lang/admin/slides/:slideId",
  "/:lang/admin/company",
] as const;

/** 4 images of at most 10 MB (MAX_UPLOAD_BYTES) and the form's text fields. */
export const UPLOAD_BODY_BYTES = 41 * 1024 * 1024;

/**
 * Whether a request to `pathname` posts to one of the upload forms: the page itself (no
 * JavaScript) or React Router's data request for it (`/es/admin/company.data`, JavaScript on).
 */
export function takesUploads(pathname: string): boolean {
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  const lang = page.split("/")[1];
  if (lang !== "es" && lang !== "en") return false;
  return UPLOAD_ROUTES.some((pattern) => matchPath({ path: pattern, end: true }, page) !== null);
}

/**
 * The shopper's upload forms and calls: a defect claim's photos (docs/features.md, "Defect claims"), the page under
 * `/:lang` and its API call. Their larger body is for a signed-in shopper only (session cookie or
 * `Authorization` token), known before the body is read.
 */
export const SHOPPER_UPLOAD_ROUTES = [
  "/:lang/orders/:transactionId/claim",
  "/api/orders/:transactionId/claims",
] as const;

/** A claim's photos at their largest, and the form's text fields. */
export const SHOPPER_UPLOAD_BODY_BYTES = MAX_CLAIM_PHOTOS * MAX_CLAIM_PHOTO_BYTES + 64 * 1024;

/** Whether a request to `pathname` posts to a shopper's upload form or call (page, `.data`, API). */
export function takesShopperUploads(pathname: string): boolean {
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  if (page.startsWith("/api/")) return matchPath({ path: SHOPPER_UPLOAD_ROUTES[1], end: true }, page) !== null;
  const lang = page.split("/")[1];
  if (lang !== "es" && lang !== "en") return false;
  return matchPath({ path: SHOPPER_UPLOAD_ROUTES[0], end: true }, page) !== null;
}
