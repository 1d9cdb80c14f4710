import { useFetcher } from "react-router";
import { Link, NO_DISCOVERY } from "~/components/router-links";
import { HEART_PATH, Icon } from "~/components/icons";
import { useRootData } from "~/components/root-data";
import { type CartMutationData, resultMessage, useMutationStatus } from "~/features/cart/components/cart-mutation";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";

const BUTTON =
  "flex min-h-11 w-full items-center justify-center gap-2 rounded-full border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/** §9: messages on the product page last 3 seconds. */
const ERROR_MS = 3000;

/**
 * §2.10 / §4.4 the product page's wishlist heart: a toggle button (`aria-pressed`) that adds or
 * removes, shown at once from the click (optimistic), then from the server's answer when the page
 * data is read again. A plain form post without JavaScript. Signed out (§6: the wishlist needs an
 * account), a link to login that comes back to this page with the same choice (decision “Signed-out visitors go to login at once”).
 */
export function WishlistHeart({
  productId,
  inWishlist,
  redirectTo,
}: {
  productId: number;
  inWishlist: boolean;
  redirectTo: string;
}) {
  const t = useT();
  const lang = useLang();
  const { user } = useRootData();
  const fetcher = useFetcher<CartMutationData>();
  const { status, result } = useMutationStatus(fetcher, ERROR_MS);
  const pending = fetcher.formData?.get("intent");
  const saved = pending ? pending === "add" : inWishlist;
  const heart = (
    <Icon className={saved ? "fill-current" : undefined}>
      <path d={HEART_PATH} />
    </Icon>
  );
  if (!user) {
    return (
      <Link
        to={`${localePath(lang, "/login")}?${new URLSearchParams({ next: redirectTo })}`}
        rel="nofollow"
        className={`mt-3 ${BUTTON} border-slate-300 text-slate-800 hover:border-red-300 hover:bg-red-50 hover:text-red-800`}
      >
        {heart}
        {t("pdp.wishlist.add")}
      </Link>
    );
  }
  return (
    <fetcher.Form {...NO_DISCOVERY} method="post" action={localePath(lang, "/wishlist/toggle")} className="mt-3">
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="intent" value={saved ? "remove" : "add"} />
      <button
        type="submit"
        aria-pressed={saved}
        title={saved ? t("wishlist.heart.removeLabel") : undefined}
        className={`${BUTTON} ${
          saved
            ? "border-red-300 bg-red-50 text-red-800 hover:bg-red-100"
            : "border-slate-300 text-slate-800 hover:border-red-300 hover:bg-red-50 hover:text-red-800"
        }`}
      >
        {heart}
        {saved ? t("wishlist.heart.remove") : t("wishlist.heart.add")}
      </button>
      <p role="status" className={status === "error" ? "mt-1 text-sm font-medium text-red-800" : "sr-only"}>
        {status === "error" && result ? resultMessage(t, result, "wishlist.errors.generic") : ""}
      </p>
    </fetcher.Form>
  );
}
