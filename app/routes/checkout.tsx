import { useCallback, useState } from "react";
import { type ShouldRevalidateFunctionArgs, data, redirect } from "react-router";
import { Breadcrumb } from "~/components/breadcrumb";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { getProfile, updateProfile } from "~/features/accounts/accounts.server";
import { requireUser } from "~/features/accounts/require-user.server";
import {
  checkShippingStep,
  draftPoint,
  isShippingComplete,
  keepShippingValues,
  optionCosts,
  placeOrderFields,
  readShippingForm,
  recipientChoice,
  shippingValuesFromDraft,
  toPlaceError,
  toPlacedView,
  toSummaryView,
} from "~/features/checkout/checkout-page.server";
import {
  CHECKOUT_STEPS,
  type CheckoutStep,
  type PlaceError,
  type ShippingView,
} from "~/features/checkout/checkout-view";
import { type CouponResult, CheckoutSummary } from "~/features/checkout/components/checkout-summary";
import { CheckoutProgress, PaymentStep, PlacedStep, ReviewStep } from "~/features/checkout/components/checkout-steps";
import { SHIPPING_FORM_ID, ShippingForm } from "~/features/checkout/components/shipping-form";
import { clearDraftCookie, draftCookie, readDraft } from "~/features/checkout/draft.server";
import { RecipientChoice } from "~/features/checkout/components/recipient-choice";
import { checkNewRecipient, chooseRecipient, recipientOptions } from "~/features/checkout/recipient-step.server";
import { zoneFieldErrors } from "~/features/checkout/zone-step.server";
import { createOrder } from "~/features/orders/create.server";
import { getOrder } from "~/features/orders/orders.server";
import { quoteCheckout } from "~/features/orders/quote.server";
import { CheckoutSchema, CouponCodeSchema, checkoutFieldErrors } from "~/features/orders/schemas";
import { isExpressAvailable } from "~/features/shipping/shipping";
import { createT } from "~/i18n/i18n";
import { localePath } from "~/i18n/links";
import { getMessages } from "~/i18n/messages.server";
import { notFound, requireLanguage } from "~/i18n/require-language";
import { useT } from "~/i18n/use-t";
import type { Route } from "./+types/checkout";
import { isDocumentRequest } from "./+shared/safe-redirect";
import { readForm } from "~/utils/forms.server";

/**
 * §2.14 checkout, steps in the URL: `?step=shipping|payment|review`, then `?placed=<transaction
 * id>` (the shopper's own order only, decision “Order ids are unguessable and private”). Needs sign-in (decision “Signed-out visitors go to login at once”); an empty cart goes to the cart.
 * Between steps the choices live in a sealed HttpOnly cookie (features/checkout/draft.server.ts);
 * each step's form posts here with an `intent` and is checked with the shared schema, so the whole
 * purchase works without JavaScript; with it, React Router makes the same posts as client
 * navigations. Money is the server's at every step (decision “The server decides every figure”).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const user = requireUser(request, context);
  const { db, env } = context.get(appContext);
  const url = new URL(request.url);

  const placed = url.searchParams.get("placed");
  if (placed !== null) {
    const order = await getOrder(db, user.id, placed);
    if (!order) notFound();
    return { view: "placed" as const, order: toPlacedView(order) };
  }

  const draft = await readDraft(request, env.SECRET_KEYS);
  const now = new Date();
  const point = draftPoint(draft);
  const quote = await quoteCheckout(db, user.id, {
    couponName: draft.coupon,
    latitude: point?.latitude,
    longitude: point?.longitude,
    deliveryOption: draft.option ?? "standard",
    now,
    lang,
  });
  if (quote.lines.length === 0) throw redirect(localePath(lang, "/cart"));

  // A later step than the draft allows sends the shopper to the first unfinished one.
  const asked = url.searchParams.get("step");
  const requested: CheckoutStep = CHECKOUT_STEPS.includes(asked as CheckoutStep) ? (asked as CheckoutStep) : "shipping";
  const shippingOk = isShippingComplete(draft);
  const allowed: CheckoutStep = !shippingOk ? "shipping" : !draft.paymentDone ? "payment" : "review";
  const step = CHECKOUT_STEPS.indexOf(requested) > CHECKOUT_STEPS.indexOf(allowed) ? allowed : requested;
  if (asked !== null && step !== requested) throw redirect(`${localePath(lang, "/checkout")}?step=${step}`);

  const profile = draft.address ? null : await getProfile(db, user.id);
  const values = shippingValuesFromDraft(draft, {
    first_name: user.firstName,
    last_name: user.lastName,
    address: profile?.address,
    city: profile?.city,
    state: profile?.state_province_region,
    zip_code: profile?.zipcode,
    phone: profile?.phone,
  });
  const summary = toSummaryView(quote, draft.coupon);
  const expressAvailable = isExpressAvailable(now);
  const base = { view: "step" as const, step, summary, values };
  if (step === "shipping") {
    // Back from a refused review (or a zone paused since): the zone's reason beside the field.
    const a = draft.address;
    const zoneErrors = a?.city
      ? await zoneFieldErrors(
          db,
          { city: a.city, state: a.state ?? "", option: draft.option ?? "standard" },
          async () => quote.amountCents,
          lang,
        )
      : null;
    return {
      ...base,
      zoneErrors,
      recipients: await recipientOptions(db, user.id),
      costs: optionCosts(point, quote.amountCents, now, quote.dispatchPoint),
      expressAvailable,
      tileUrl: env.MAP_TILE_URL,
      optionError: draft.option === "express" && !expressAvailable ? "shipping.errors.expressClosed" : null,
    };
  }
  if (step === "payment") return base;
  const t = createT(getMessages(lang), lang);
  return {
    ...base,
    review: {
      values,
      option: draft.option ?? "standard",
      shippingCup: quote.shipping.ok ? quote.shipping.costCup : null,
      shippingError: quote.shipping.ok ? null : quote.shipping.error,
      coupon: quote.coupon?.name ?? null,
      fields: placeOrderFields(draft, quote, t),
      // The one-time checkout token: create-order's Idempotency-Key (decision “What create-order receives”). A double click, a
      // retried or a resubmitted post of this form carries the same token and gets the same order.
      token: Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(""),
      lines: summary.lines,
    },
  };
}

type ActionData = {
  errors?: Record<string, string>;
  values?: ReturnType<typeof readShippingForm>;
  coupon?: CouponResult;
  place?: PlaceError;
};

const TOKEN = /^[a-f0-9]{32}$/;

/**
 * The steps' forms, told apart by `intent`: `shipping` and `payment` save the step in the draft
 * and go to the next one; `coupon` / `coupon-remove` change the draft's coupon (§4.5, §8); `place`
 * places the order with create-order (decision “The server decides every figure”: the figures as shown, the one-time token as
 * Idempotency-Key). The shipping step's live price is `/{lang}/checkout/quote`.
 *
 * Without JavaScript the coupon box of the shipping step posts the shipping form (`step=shipping`
 * in the body): what was typed there is kept, in the draft when the coupon changes and in the
 * answer when it is refused, so applying a coupon loses nothing.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const user = requireUser(request, context);
  const { db, env } = context.get(appContext);
  const form = await readForm(request);
  const fromShippingForm = form.get("step") === "shipping";
  // Enter in the coupon field of the shipping form (before JavaScript) submits it with its first
  // button, continue: a code typed there is applied first, and the shopper stays on the step.
  const typedCoupon = fromShippingForm && String(form.get("coupon_name") ?? "").trim() !== "";
  const intent = form.get("intent") === "shipping" && typedCoupon ? "coupon" : form.get("intent");
  const draft = await readDraft(request, env.SECRET_KEYS);
  const url = new URL(request.url);
  const stepUrl = (step: CheckoutStep) => `${localePath(lang, "/checkout")}?step=${step}`;
  const now = new Date();

  const saveAndGo = async (next: typeof draft, to: string) => {
    const cookie = await draftCookie(request, env.SECRET_KEYS, next);
    if (!cookie) return null;
    return redirect(to, { status: 303, headers: { "Set-Cookie": cookie } });
  };

  if (intent === "shipping") {
    const values = readShippingForm(form);
    const checked = checkShippingStep(values, draft, now);
    if (!checked.ok) return data<ActionData>({ errors: checked.errors, values }, { status: 400 });
    const zoneErrors = await zoneFieldErrors(
      db,
      { city: values.city, state: values.state, option: values.delivery_option },
      async () => (await quoteCheckout(db, user.id, { couponName: draft.coupon, lang, now })).amountCents,
      lang,
    );
    if (zoneErrors) return data<ActionData>({ errors: zoneErrors, values }, { status: 400 });
    // Family recipients (docs/features.md): 'Guardar este destinatario' checks the new recipient, then saves it once.
    const newRecipient = values.recipient === "new" && values.save_recipient ? checkNewRecipient(values) : null;
    if (newRecipient && !newRecipient.ok)
      return data<ActionData>({ errors: newRecipient.errors, values }, { status: 400 });
    let next = checked.draft;
    if (newRecipient?.ok) {
      const id = await newRecipient.save(db, user.id);
      if (!id) return data<ActionData>({ errors: { recipient: "recipients.errors.tooMany" }, values }, { status: 409 });
      next = { ...next, recipient: id, saveRecipient: false };
    }
    const response = await saveAndGo(next, stepUrl("payment"));
    if (!response) {
      return data<ActionData>({ errors: { gift_message: "checkout.errors.tooLong" }, values }, { status: 400 });
    }
    // Only the shopper's own details become their profile's: never a relative's (docs/features.md, "Family recipients").
    if (values.save_profile && values.recipient === "self") await updateProfile(db, user.id, checked.profile);
    return response;
  }

  if (intent === "recipient") {
    // Family recipients (docs/features.md): the chosen recipient's details fill the shipping step (without JavaScript too).
    const next = await chooseRecipient(db, user.id, draft, recipientChoice(String(form.get("recipient") ?? "")));
    if (!next) return data<ActionData>({ errors: { recipient: "recipients.notFound" } }, { status: 404 });
    return (await saveAndGo(next, stepUrl("shipping"))) ?? redirect(stepUrl("shipping"), 303);
  }

  if (intent === "payment") {
    if (!isShippingComplete(draft)) return redirect(stepUrl("shipping"), 303);
    // decision “Cash on delivery only”: cash on delivery only; the schema refuses anything else.
    const payment = CheckoutSchema.shape.payment_type.safeParse(form.get("payment_type"));
    if (!payment.success) return redirect(stepUrl("payment"), 303);
    return (await saveAndGo({ ...draft, paymentDone: true }, stepUrl("review"))) ?? redirect(stepUrl("shipping"), 303);
  }

  if (intent === "coupon" || intent === "coupon-remove") {
    const back = `${url.pathname}${url.search}`;
    const values = fromShippingForm ? readShippingForm(form) : undefined;
    let coupon: string | undefined;
    if (intent === "coupon") {
      const parsed = CouponCodeSchema.safeParse(form.get("coupon_name") ?? "");
      if (!parsed.success) {
        return data<ActionData>(
          { coupon: { ok: false, error: parsed.error.issues[0].message }, values },
          { status: 400 },
        );
      }
      const quote = await quoteCheckout(db, user.id, { couponName: parsed.data, lang, now });
      if (!quote.coupon) {
        const min = quote.couponMinTotalCents;
        return data<ActionData>(
          {
            coupon: {
              ok: false,
              error: quote.couponError ?? "coupons.errors.notFound",
              ...(min === undefined ? {} : { values: { min: `$${(min / 100).toFixed(2)}` } }),
            },
            values,
          },
          { status: 400 },
        );
      }
      coupon = quote.coupon.name;
    }
    const next = values ? keepShippingValues({ ...draft, coupon }, values) : { ...draft, coupon };
    const cookie = await draftCookie(request, env.SECRET_KEYS, next);
    if (!cookie && values) {
      return data<ActionData>({ errors: { gift_message: "checkout.errors.tooLong" }, values }, { status: 400 });
    }
    const headers = cookie ? { "Set-Cookie": cookie } : undefined;
    // Without JavaScript: back to the step (its loader then reads the new draft).
    if (isDocumentRequest(request)) return redirect(back, { status: 303, headers });
    return data<ActionData>({ coupon: { ok: true } }, { headers });
  }

  if (intent === "place") {
    const token = String(form.get("checkout_token") ?? "");
    if (!TOKEN.test(token)) {
      return data<ActionData>({ place: { error: "checkout.errors.failed" } }, { status: 400 });
    }
    const parsed = CheckoutSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const [field, key] = Object.entries(checkoutFieldErrors(parsed.error))[0] ?? ["", "checkout.errors.failed"];
      const fix = ["amount", "shipping_price", "coupon_name", "payment_type"].includes(field) ? undefined : "shipping";
      return data<ActionData>({ place: { error: key, ...(fix ? { fix } : {}) } }, { status: 400 });
    }
    const result = await createOrder({ db, env }, user, parsed.data, { idempotencyKey: token, lang, now });
    if (!result.ok) return data<ActionData>({ place: toPlaceError(result) }, { status: result.status });
    return redirect(`${localePath(lang, "/checkout")}?placed=${encodeURIComponent(result.order.transactionId)}`, {
      status: 303,
      headers: { "Set-Cookie": clearDraftCookie(request) },
    });
  }

  return data<ActionData>({ errors: { non_field_errors: "checkout.errors.invalidBody" } }, { status: 400 });
}

/**
 * A refused order (409, 400) reloads the page's data: the review then shows the new figures (decision “The server decides every figure”),
 * which React Router would not fetch after an error status by default.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "place") return true;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("checkout.page.title"), noIndex: true });

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const [liveShipping, setLiveShipping] = useState<{ key: string; shipping: ShippingView } | null>(null);
  const stepKey = loaderData.view === "step" ? `${loaderData.step}:${JSON.stringify(loaderData.summary.shipping)}` : "";
  const onShippingChange = useCallback(
    (shipping: ShippingView | null) => setLiveShipping(shipping ? { key: stepKey, shipping } : null),
    [stepKey],
  );
  const result = (actionData ?? null) as ActionData | null;

  if (loaderData.view === "placed") {
    return (
      <Layout current="placed">
        <div className="mx-auto mt-4 max-w-2xl rounded-lg bg-white p-4 shadow-xs sm:p-6">
          <PlacedStep order={loaderData.order} />
        </div>
      </Layout>
    );
  }

  const { step, summary } = loaderData;
  const shipping = step === "shipping" && liveShipping?.key === stepKey ? liveShipping.shipping : summary.shipping;
  return (
    <Layout current={step}>
      <div className="mt-4 grid gap-4 lg:grid-cols-3 lg:items-start lg:gap-6">
        <div className="rounded-lg bg-white p-4 shadow-xs sm:p-6 lg:col-span-2">
          {loaderData.step === "shipping" && "costs" in loaderData && (
            <RecipientChoice
              options={loaderData.recipients}
              chosen={result?.values?.recipient ?? loaderData.values.recipient}
              error={result?.errors?.recipient}
            />
          )}
          {loaderData.step === "shipping" && "costs" in loaderData && (
            <ShippingForm
              // A failed post keeps what was typed; a new draft (another recipient) re-renders the form.
              key={JSON.stringify(result?.values ?? loaderData.values)}
              values={result?.values ?? loaderData.values}
              errors={
                result?.errors ?? {
                  ...loaderData.zoneErrors,
                  ...(loaderData.optionError ? { delivery_option: loaderData.optionError } : {}),
                }
              }
              costs={loaderData.costs}
              expressAvailable={loaderData.expressAvailable}
              tileUrl={loaderData.tileUrl}
              onShippingChange={onShippingChange}
            />
          )}
          {loaderData.step === "payment" && <PaymentStep />}
          {loaderData.step === "review" && "review" in loaderData && (
            <ReviewStep review={loaderData.review} placeError={result?.place ?? null} />
          )}
        </div>
        <aside className="lg:sticky lg:top-4" aria-label={t("checkout.page.summary.title")}>
          <CheckoutSummary
            summary={summary}
            shipping={shipping}
            couponResult={result?.coupon ?? null}
            shippingFormId={step === "shipping" ? SHIPPING_FORM_ID : undefined}
          />
        </aside>
      </div>
    </Layout>
  );
}

function Layout({ current, children }: { current: CheckoutStep | "placed"; children: React.ReactNode }) {
  const t = useT();
  return (
    <div className="mx-auto max-w-screen-xl px-3 py-4 sm:px-4 sm:py-6">
      <Breadcrumb
        items={[
          { label: t("breadcrumb.home"), to: "/" },
          { label: t("cart.title"), to: "/cart" },
          { label: t("checkout.page.title") },
        ]}
      />
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{t("checkout.page.title")}</h1>
      <CheckoutProgress current={current} />
      {children}
    </div>
  );
}
