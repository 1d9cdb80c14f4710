import { useState } from "react";
import { useFetcher } from "react-router";
import { Link, NO_DISCOVERY } from "~/components/router-links";
import { Breadcrumb } from "~/components/breadcrumb";
import { HeartIcon } from "~/components/icons";
import { LocaleLink } from "~/components/locale-link";
import { useRootData } from "~/components/root-data";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { ComingSoonPage, PRIMARY_BUTTON } from "~/features/accounts/components/coming-soon";
import { requireUser } from "~/features/accounts/require-user.server";
import { Spinner } from "~/components/ui/spinner";
import { type CartMutationData, resultMessage, useMutationStatus } from "~/features/cart/components/cart-mutation";
import { intField, mutationResponse } from "~/features/cart/components/cart-mutation.server";
import { EmptyState } from "~/features/catalog/components/empty-state";
import { MutationNotice } from "~/features/cart/components/mutation-notice";
import { ShareList } from "~/features/wishlist/components/share-list";
import { WishlistCard, type WishlistItemView } from "~/features/wishlist/components/wishlist-card";
import { addAllToCart, getWishlist, removeFromWishlist } from "~/features/wishlist/wishlist.server";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useLang, useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/wishlist";
import { isDocumentRequest } from "./+shared/safe-redirect";
import { readForm } from "~/utils/forms.server";

/**
 * §2.17 wishlist. Unlike the other signed-in pages, a signed-out visitor is not redirected: the
 * page asks them to sign in ('Sign in to see your wishlist') with a button that comes back here.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, user } = context.get(appContext);
  if (!user) return { signedIn: false as const };
  const entries = await getWishlist(db, user.id, lang);
  const items: WishlistItemView[] = entries.map(({ product }) => ({
    id: product.id,
    name: product.display_name || product.name,
    imageUrl: product.image_url,
    price: product.price,
    originalPrice: product.original_price,
    quantity: product.quantity,
    rating: product.rating,
    reviewsCount: product.reviews_count,
  }));
  return { signedIn: true as const, items };
}

/**
 * The page's forms: `intent` remove (`productId`) and addAll (§4.4: one unit of each product in
 * stock, failures skipped). A fetcher gets the outcome; a plain form post comes back with an alert.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const form = await readForm(request);
  const intent = form.get("intent");
  const answer = (payload: CartMutationData, status = 200) =>
    mutationResponse(request, {
      document: isDocumentRequest(request),
      back: localePath(lang, "/wishlist"),
      payload,
      status,
    });

  if (intent === "remove") {
    const result = await removeFromWishlist(db, user.id, intField(form, "productId"));
    return result.ok
      ? answer({ ok: true, message: "wishlist.removed" })
      : answer({ ok: false, error: result.error }, result.status);
  }
  if (intent === "addAll") {
    const { added } = await addAllToCart(db, user.id);
    return added.length > 0
      ? answer({ ok: true, message: "wishlist.addAll.added", values: { count: added.length } })
      : answer({ ok: false, error: "wishlist.addAll.none" }, 409);
  }
  return answer({ ok: false, error: "wishlist.errors.generic" }, 400);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("wishlist.title"), noIndex: true });

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  if (!loaderData.signedIn) {
    const next = localePath(lang, "/wishlist");
    return (
      <ComingSoonPage title={t("accounts.pages.wishlist")}>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">{t("accounts.wishlist.signInTitle")}</h2>
        <p className="mt-2 text-slate-700">{t("accounts.wishlist.signInText")}</p>
        <Link to={`${localePath(lang, "/login")}?next=${encodeURIComponent(next)}`} className={PRIMARY_BUTTON}>
          {t("accounts.wishlist.signIn")}
        </Link>
      </ComingSoonPage>
    );
  }
  return <WishlistPage items={loaderData.items} />;
}

const SECONDARY =
  "inline-flex min-h-11 items-center justify-center rounded-full border border-slate-300 bg-white px-5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

function WishlistPage({ items }: { items: WishlistItemView[] }) {
  const t = useT();
  const href = useLocalePath();
  const lang = useLang();
  const { publicUrl } = useRootData();
  // With JavaScript a removed item just disappears; this says so, as the alert does after a
  // plain form post.
  const [done, setDone] = useState<CartMutationData | null>(null);
  return (
    <div className="mx-auto max-w-screen-xl px-3 py-4 sm:px-4 sm:py-6">
      <Breadcrumb items={[{ label: t("breadcrumb.home"), to: "/" }, { label: t("wishlist.title") }]} />
      <div className="mt-2 flex flex-wrap items-baseline gap-x-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t("wishlist.title")}</h1>
        {items.length > 0 && (
          <p className="text-slate-700" data-wishlist-count>
            {t("wishlist.count", { count: items.length })}
          </p>
        )}
      </div>
      <MutationNotice result={done} fallback="wishlist.removed" />
      {items.length === 0 ? (
        <EmptyState
          icon={<HeartIcon size={28} />}
          title={t("wishlist.empty.title")}
          text={t("wishlist.empty.text")}
          actions={[{ label: t("wishlist.startShopping"), href: href("/shop") }]}
        />
      ) : (
        <>
          <div className="mt-3 flex flex-wrap items-start gap-2">
            <AddAllToCart />
            <ShareList url={`${publicUrl}${localePath(lang, "/wishlist")}`} />
            <LocaleLink to="/shop" className={SECONDARY}>
              {t("wishlist.continueShopping")}
            </LocaleLink>
          </div>
          <ul
            aria-label={t("wishlist.items")}
            className="mt-4 grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4"
          >
            {items.map((item) => (
              <li key={item.id}>
                <WishlistCard item={item} onRemoved={setDone} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** §4.4 add all to cart, with how many went in (3 s). */
function AddAllToCart() {
  const t = useT();
  const fetcher = useFetcher<CartMutationData>();
  const { status, result } = useMutationStatus(fetcher, 3000);
  return (
    <fetcher.Form {...NO_DISCOVERY} method="post">
      <input type="hidden" name="intent" value="addAll" />
      <button
        type="submit"
        aria-disabled={status === "loading" || undefined}
        className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-amber-400 px-5 text-sm font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {status === "loading" && <Spinner />}
        {t("wishlist.addAll")}
      </button>
      <p
        role="status"
        className={result ? `mt-1 text-sm font-medium ${result.ok ? "text-emerald-800" : "text-red-800"}` : "sr-only"}
      >
        {result ? resultMessage(t, result, "wishlist.addAll") : ""}
      </p>
    </fetcher.Form>
  );
}
