import { redirect } from "react-router";
import { appContext } from "~/context";
import type { CartMutationData } from "~/features/cart/components/cart-mutation";
import { intField, loginRedirect, mutationResponse } from "~/features/cart/components/cart-mutation.server";
import { addToWishlist, isInWishlist, removeFromWishlist } from "~/features/wishlist/wishlist.server";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/wishlist-toggle";
import { isDocumentRequest, safeRedirectPath } from "./+shared/safe-redirect";
import { readForm } from "~/utils/forms.server";

/**
 * §2.10 / §4.4 the wishlist heart: `intent` add, remove or toggle, `productId`, `redirectTo`.
 * Add and remove are idempotent from the shopper's side (a second click of a stale page must not
 * show an error for what they wanted anyway). Signed out: the login page, then back (decision “Signed-out visitors go to login at once”).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, user } = context.get(appContext);
  const form = await readForm(request);
  const back = safeRedirectPath(form.get("redirectTo"), localePath(lang, "/wishlist"));
  if (!user) return loginRedirect(request, back);

  const productId = intField(form, "productId");
  let intent = form.get("intent");
  if (intent === "toggle") intent = (await isInWishlist(db, user.id, productId)) ? "remove" : "add";

  let payload: CartMutationData;
  let status = 200;
  if (intent === "add") {
    const result = await addToWishlist(db, user.id, productId);
    payload =
      result.ok || result.error === "wishlist.errors.alreadyInWishlist"
        ? { ok: true, message: "wishlist.added", inWishlist: true }
        : { ok: false, error: result.error };
    if (!result.ok && !payload.ok) status = result.status;
  } else if (intent === "remove") {
    const result = await removeFromWishlist(db, user.id, productId);
    payload =
      result.ok || result.error === "wishlist.errors.notInWishlist"
        ? { ok: true, message: "wishlist.removed", inWishlist: false }
        : { ok: false, error: result.error };
    if (!result.ok && !payload.ok) status = result.status;
  } else {
    payload = { ok: false, error: "wishlist.errors.generic" };
  }
  return mutationResponse(request, { document: isDocumentRequest(request), back, payload, status });
}

/** A GET here has nothing to show: go to the wishlist. */
export function loader({ request, params }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  return redirect(localePath(lang, "/wishlist"));
}
