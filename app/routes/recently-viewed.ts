import { toCardData } from "~/features/catalog/components/product-card";
import { RECENTLY_VIEWED_MAX } from "~/features/catalog/components/recently-viewed";
import { appContext } from "~/context";
import { getProductsByIds } from "~/features/catalog/product-cards.server";
import { requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/recently-viewed";
import { parseRowId } from "~/utils/ids";

/** decision “Home sections”: card JSON for `?ids=3,1,2` (the browser's recently viewed list), in that order, at most 12. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db } = context.get(appContext);
  const raw = new URL(request.url).searchParams.get("ids") ?? "";
  const ids = [
    ...new Set(
      raw
        .split(",")
        .map(parseRowId)
        .filter((id) => id !== null),
    ),
  ].slice(0, RECENTLY_VIEWED_MAX);
  const products = ids.length > 0 ? await getProductsByIds(db, ids, lang) : [];
  return Response.json(products.map(toCardData), {
    headers: { "Cache-Control": "private, max-age=60", Vary: "Cookie" },
  });
}
