import { useState } from "react";
import { data } from "react-router";
import { Breadcrumb } from "~/components/breadcrumb";
import { CartIcon } from "~/components/icons";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { requireUser } from "~/features/accounts/require-user.server";
import { removeCartLine, saveCartLineForLater, updateCartLine } from "~/features/cart/cart.server";
import { getCartLines, getCartTotals } from "~/features/cart/cart-lines.server";
import { expiryLabel, shareCart, sharedCartPath } from "~/features/cart/shared-cart.server";
import { SHARE_DAYS } from "~/features/cart/components/shared-cart-view";
import { ShareCart, type ShareOutcome } from "~/features/cart/components/share-cart";
import { CartLineItem } from "~/features/cart/components/cart-line";
import type { CartMutationData } from "~/features/cart/components/cart-mutation";
import { EmptyState } from "~/features/catalog/components/empty-state";
import { MutationNotice } from "~/features/cart/components/mutation-notice";
import { intField, mutationResponse } from "~/features/cart/components/cart-mutation.server";
import { CartSummary } from "~/features/cart/components/cart-summary";
import { DeliveryNote } from "~/features/delivery/components/delivery-note";
import { toCartLineView, toCartSummaryView } from "~/features/cart/components/cart-view";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/cart";
import { isDocumentRequest } from "./+shared/safe-redirect";
import { readForm } from "~/utils/forms.server";

/**
 * §2.13 cart. Needs sign-in (§6): a signed-out visitor goes to the login page at once and comes
 * back (decision “Signed-out visitors go to login at once”). Lines and totals are the server's (decision “The wholesale price” wholesale, decision “The server decides every figure”).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const lines = await getCartLines(db, user.id, lang);
  const totals = await getCartTotals(db, user.id, { lines });
  return { lines: lines.map(toCartLineView), summary: toCartSummaryView(totals) };
}

/** The failure message of each intent when the feature gives none of its own (§8). */
const FALLBACK_ERROR = {
  update: "cart.errors.updateFailed",
  remove: "cart.errors.generic",
  save: "wishlist.errors.saveFailed",
} as const;

/**
 * Shareable cart (docs/features.md), "Compartir carrito": a new link to the cart's lines, answered on the page itself
 * (with or without JavaScript) as the absolute link and when it stops working.
 */
async function shareAction(
  context: Route.ActionArgs["context"],
  userId: number,
  lang: ReturnType<typeof requireLanguage>,
) {
  const { db, publicUrl } = context.get(appContext);
  const shared = await shareCart(db, userId);
  if (!shared.ok) return data({ share: { ok: false, error: shared.error } satisfies ShareOutcome }, { status: 400 });
  const share: ShareOutcome = {
    ok: true,
    url: `${publicUrl}${sharedCartPath(lang, shared.token)}`,
    expires: expiryLabel(shared.expiresAt, lang),
  };
  return { share };
}

/**
 * The lines' forms: `intent` share (shareAction above), update (`lineId`, `count`: 1 to the stock, §5), remove, or save (save
 * for later: to the wishlist; 'This item is already in your wishlist' when it is there, §8). A
 * fetcher gets the outcome; a plain form post comes back to the cart with an alert.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "share") return shareAction(context, user.id, lang);
  const lineId = intField(form, "lineId");
  const back = localePath(lang, "/cart");
  const document = isDocumentRequest(request);

  let result;
  let message: string | null = null;
  if (intent === "update") {
    result = await updateCartLine(db, user.id, lineId, intField(form, "count"));
  } else if (intent === "remove") {
    result = await removeCartLine(db, user.id, lineId);
    message = "cart.removed";
  } else if (intent === "save") {
    result = await saveCartLineForLater(db, user.id, lineId);
    message = "cart.saved";
  } else {
    return mutationResponse(request, {
      document,
      back,
      payload: { ok: false, error: "cart.errors.generic" },
      status: 400,
    });
  }
  const payload: CartMutationData = result.ok
    ? { ok: true, message }
    : { ok: false, error: result.error ?? FALLBACK_ERROR[intent], values: result.values };
  return mutationResponse(request, { document, back, payload, status: result.ok ? 200 : result.status });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: metaT(args)("cart.title"), noIndex: true });

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useLocalePath();
  const { lines, summary } = loaderData;
  const share = actionData && "share" in actionData ? actionData.share : null;
  // With JavaScript a removed or saved line just disappears; this says so, as the alert does
  // after a plain form post.
  const [done, setDone] = useState<CartMutationData | null>(null);
  return (
    <div className="mx-auto max-w-screen-xl px-3 py-4 sm:px-4 sm:py-6">
      <Breadcrumb items={[{ label: t("breadcrumb.home"), to: "/" }, { label: t("cart.title") }]} />
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{t("cart.title")}</h1>
      <MutationNotice result={done} fallback="cart.removed" />
      {lines.length === 0 ? (
        <EmptyState
          icon={<CartIcon size={28} />}
          title={t("cart.empty.title")}
          text={t("cart.empty.text")}
          actions={[{ label: t("cart.continueShopping"), href: href("/shop") }]}
        />
      ) : (
        <div className="mt-4 grid gap-4 lg:grid-cols-3 lg:items-start lg:gap-6">
          <section aria-label={t("cart.lines")} className="rounded-lg bg-white px-3 shadow-xs sm:px-5 lg:col-span-2">
            {lines.map((line) => (
              <CartLineItem key={line.id} line={line} onDone={setDone} />
            ))}
          </section>
          <div className="space-y-2 lg:sticky lg:top-4">
            <CartSummary summary={summary} />
            <DeliveryNote />
            <ShareCart outcome={share} days={SHARE_DAYS} />
          </div>
        </div>
      )}
    </div>
  );
}
