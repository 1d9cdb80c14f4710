import { appContext } from "~/context";
import { mergeCartLine } from "~/features/cart/cart.server";
import type { CartMutationData } from "~/features/cart/components/cart-mutation";
import { intField, loginRedirect, mutationResponse, textField } from "~/features/cart/components/cart-mutation.server";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/cart-add";
import { isDocumentRequest, safeRedirectPath } from "./+shared/safe-redirect";
import { redirect } from "react-router";
import { readForm } from "~/utils/forms.server";

/**
 * §4.3 add to cart from the product cards, the list mode of listings, the product page's buy box
 * and the wishlist: `productId`, `count` (default 1), `color`, `variety`, `redirectTo` (the page the
 * shopper is on). The feature merges it into an existing line, capped at the stock, and re-checks
 * every rule. Signed out: the login page, then back to that page (decisions “Signed-out visitors go to login at once”, “Guest cart”). `intent=buyNow` goes on
 * to checkout after a successful add.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, user } = context.get(appContext);
  const form = await readForm(request);
  const back = safeRedirectPath(form.get("redirectTo"), localePath(lang));
  if (!user) return loginRedirect(request, back);

  const result = await mergeCartLine(db, user.id, {
    productId: intField(form, "productId"),
    count: intField(form, "count", 1),
    color: textField(form, "color") || null,
    variety: textField(form, "variety") || null,
  });
  if (result.ok && form.get("intent") === "buyNow") return redirect(localePath(lang, "/checkout"), 303);

  const payload: CartMutationData = result.ok
    ? result.value.capped
      ? { ok: true, message: "cart.add.successCapped", values: { count: result.value.count } }
      : { ok: true, message: "cart.add.success", values: { count: result.value.count } }
    : { ok: false, error: result.error, values: result.values };
  return mutationResponse(request, {
    document: isDocumentRequest(request),
    back,
    payload,
    status: result.ok ? 200 : result.status,
  });
}

/** A GET here (a bookmarked or typed URL) has nothing to show: go to the cart. */
export function loader({ request, params }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  return redirect(localePath(lang, "/cart"));
}
