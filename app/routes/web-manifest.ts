import { getMessages } from "~/i18n/messages.server";
import { createT } from "~/i18n/i18n";
import { requireLanguage } from "~/i18n/require-language";
import { webManifest } from "~/features/offline/web-manifest";
import type { Route } from "./+types/web-manifest";

/** `/{lang}/manifest.webmanifest`: the installable app in that language. */
export function loader({ request, params }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const manifest = webManifest(lang, createT(getMessages(lang), lang));
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
