import { appContext } from "~/context";
import { LANGUAGES } from "~/i18n/languages";
import type { Route } from "./+types/robots-txt";

/** Private or per-visitor pages, and the endpoints behind forms: nothing for a crawler there. */
const PRIVATE_PAGES = [
  "cart",
  "checkout",
  "orders",
  "account",
  "wishlist",
  "login",
  "signup",
  "auth/",
  "set-currency",
  "newsletter",
  "recently-viewed",
  "admin",
];

/** `/robots.txt`: everything public is allowed; the API and private pages are not; points to the sitemap. */
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(appContext);
  const lines = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /auth/",
    ...LANGUAGES.flatMap((lang) => PRIVATE_PAGES.map((page) => `Disallow: /${lang}/${page}`)),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
