/**
 * Which pages take file uploads, and how much they may send: the one definition the request-body limit reads. Only the back office's image forms do;
 * the raised limit applies to a request only once its session says it comes from an operator
 * (server/app.ts `applyHttpMiddleware`), everyone else keeps the small cap of every other page.
 */
import { matchPath } from "react-router";

/** The upload forms of the back office (app/routes.ts), under `/:lang`: products' images and CSV import, categories, slides, logo. */
export const UPLOAD_ROUTES = [
  "/:lang/admin/products/new",
  // The catalogue CSV import (issue 27 point 3): a file of up to 16 MB, then sent back in base64.
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
