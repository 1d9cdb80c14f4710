import { redirect } from "react-router";
import { appContext } from "~/context";
import { requireUser } from "~/features/accounts/require-user.server";
import { optionCosts } from "~/features/checkout/checkout-page.server";
import type { QuoteAnswer } from "~/features/checkout/checkout-view";
import { readDraft } from "~/features/checkout/draft.server";
import { quoteCheckout } from "~/features/orders/quote.server";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/checkout-quote";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/forms.server";

/**
 * The shipping step's live price of a point (§2.14, decisions “Free standard shipping”, “Shipping price and the express cut-off”): JSON for the page's own `fetch`,
 * with the draft's coupon (free shipping counts the goods after it). A plain resource route rather
 * than a fetcher of the checkout route, so that a dropped connection on a slow link is an answer
 * the page can fall back from (the §8 400 CUP estimate) instead of an error page that loses what
 * was typed.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const user = requireUser(request, context);
  const { db, env } = context.get(appContext);
  const form = await readForm(request);
  const latitude = Number(form.get("delivery_latitude"));
  const longitude = Number(form.get("delivery_longitude"));
  const now = new Date();
  let answer: QuoteAnswer;
  try {
    const draft = await readDraft(request, env.SECRET_KEYS);
    const quote = await quoteCheckout(db, user.id, { couponName: draft.coupon, lang, now });
    const costs = optionCosts({ latitude, longitude }, quote.amountCents, now, quote.dispatchPoint);
    const standard = costs.standard;
    answer = standard && !standard.ok ? { ok: false, error: standard.error } : { ok: true, costs };
  } catch (error) {
    logger.error({ err: error }, "Shipping quote failed");
    answer = { ok: false, error: "shipping.errors.failed" };
  }
  return Response.json(answer, { status: answer.ok ? 200 : 400 });
}

/** Nothing to show on a GET: the checkout itself. */
export function loader({ request, params }: Route.LoaderArgs) {
  return redirect(localePath(requireLanguage(request, params.lang), "/checkout"));
}
