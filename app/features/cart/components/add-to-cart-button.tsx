import { useFetcher, useLocation } from "react-router";
import { Link, NO_DISCOVERY } from "~/components/router-links";
import { CartGlyph, Icon } from "~/components/icons";
import { useRootData } from "~/components/root-data";
import { Spinner } from "~/components/ui/spinner";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import { type CartMutationData, currentPath, resultMessage, useMutationStatus } from "./cart-mutation";

/** §9: the catalogue cards show 'Added!' or 'Error!' for 2 seconds. */
const CARD_BADGE_MS = 2000;

/** By reference to the page's icon sprite: one drawing however many cards. */
const CART_ICON = <CartGlyph size={20} />;

/**
 * §4.3 add-to-cart button of the product cards (one unit, the first colour and variety): idle,
 * loading, then 'Added!' or 'Error!' for 2 s. Disabled when out of stock ('Product is out of
 * stock'). A fetcher form: with JavaScript the page stays put and the header badge updates; without
 * it the post reloads this page with an alert. Signed out, the action sends the shopper to login
 * and back (decisions “Signed-out visitors go to login at once”, “Guest cart”); where the page gives `signInHref` (list mode), a signed-out shopper gets that
 * link to login instead, without a post. `compact` is the round icon button of the grid cards.
 */
export function AddToCartButton({
  productId,
  name,
  quantity,
  compact = false,
  signInHref,
}: {
  productId: number;
  name: string;
  quantity: number;
  compact?: boolean;
  /** `/{lang}/login?next=<this page>` for a signed-out shopper (decisions “Signed-out visitors go to login at once”, “Guest cart”). */
  signInHref?: string;
}) {
  const t = useT();
  const { user } = useRootData();
  const lang = useLang();
  const location = useLocation();
  const fetcher = useFetcher<CartMutationData>();
  const { status, result } = useMutationStatus(fetcher, CARD_BADGE_MS);
  const outOfStock = quantity <= 0;
  const label = outOfStock
    ? compact
      ? t("cart.errors.outOfStock")
      : t("cart.add.button")
    : status === "loading"
      ? t("cart.add.adding")
      : status === "done"
        ? t("cart.add.added")
        : status === "error"
          ? t("cart.add.error")
          : t("cart.add.button");
  const message = result ? resultMessage(t, result, "cart.add.success") : "";
  const tone =
    status === "done"
      ? "bg-emerald-700 text-white"
      : status === "error"
        ? "bg-red-700 text-white"
        : outOfStock
          ? "cursor-not-allowed bg-slate-200 text-slate-600"
          : "cart-idle";

  if (!user && signInHref && !outOfStock && !compact) {
    return (
      <Link
        to={signInHref}
        rel="nofollow"
        title={t("catalog.item.signInToBuy")}
        className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${tone}`}
      >
        {label}
        <span className="sr-only">: {name}</span>
      </Link>
    );
  }

  return (
    <fetcher.Form
      {...NO_DISCOVERY}
      method="post"
      action={localePath(lang, "/cart/add")}
      className={compact ? "cart-form" : undefined}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={currentPath(location)} />
      {compact ? (
        <button
          type="submit"
          disabled={outOfStock}
          aria-disabled={status === "loading" || undefined}
          // An icon button: its name in aria-label, not in a tooltip plus a hidden copy (every card
          // of a listing carries one: every byte of a listing's HTML counts). A disabled one says why on hover.
          aria-label={status === "idle" || outOfStock ? t("cart.add.label", { name }) : label}
          title={outOfStock ? label : undefined}
          className={`cart-btn ${tone}`}
        >
          {status === "loading" ? (
            <Spinner />
          ) : status === "idle" || outOfStock ? (
            CART_ICON
          ) : (
            <Mark ok={status === "done"} />
          )}
        </button>
      ) : (
        <button
          type="submit"
          disabled={outOfStock}
          aria-disabled={status === "loading" || undefined}
          title={outOfStock ? t("cart.errors.outOfStock") : undefined}
          className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${tone}`}
        >
          {status === "loading" && <Spinner />}
          {label}
          <span className="sr-only">: {name}</span>
        </button>
      )}
      <span role="status" className="sr-only">
        {status === "done" || status === "error" ? message : ""}
      </span>
    </fetcher.Form>
  );
}

function Mark({ ok }: { ok: boolean }) {
  return <Icon size={20}>{ok ? <path d="M20 6 9 17l-5-5" /> : <path d="M12 8v5m0 3.5v.5" />}</Icon>;
}
