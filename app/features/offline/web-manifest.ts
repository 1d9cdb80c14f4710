/**
 * The web app manifest of one language: what makes the shop installable on a
 * phone's home screen, opening on that language's home page in its own window. Colours are the
 * header's navy (`theme-color` in root.tsx) and the page background (slate-100).
 */
import type { TFunction } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";

export const THEME_COLOR = "#172554";
export const BACKGROUND_COLOR = "#f1f5f9";

export function webManifest(lang: Language, t: TFunction) {
  return {
    id: `/${lang}/`,
    name: t("site.name"),
    short_name: t("offline.manifest.shortName"),
    description: t("meta.defaultDescription"),
    lang,
    dir: "ltr",
    start_url: `/${lang}/`,
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ["shopping"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}
