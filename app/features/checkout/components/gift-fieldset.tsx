import { useState } from "react";
import { tKey } from "~/components/ui/form-fields";
import { useT } from "~/i18n/use-t";
import { GIFT_MESSAGE_LIMIT } from "../checkout-view";

/** The shipping step's gift flag and message (§5: 255 characters with a counter). */
export function GiftFieldset({
  isGift: initialIsGift,
  message,
  error,
  hydrated,
}: {
  isGift: boolean;
  message: string;
  /** The message's error key from the server, if any. */
  error: string | undefined;
  hydrated: boolean;
}) {
  const t = useT();
  const [isGift, setIsGift] = useState(initialIsGift);
  const [giftLength, setGiftLength] = useState(message.length);
  return (
    <fieldset className="mt-6">
      <legend className="sr-only">{t("checkout.page.gift.label")}</legend>
      <label className="flex min-h-11 items-center gap-3 font-semibold text-slate-900">
        <input
          type="checkbox"
          name="is_gift"
          defaultChecked={initialIsGift}
          onChange={(e) => setIsGift(e.target.checked)}
          className="size-5 accent-blue-700"
        />
        {t("checkout.page.gift.label")}
      </label>
      {(isGift || !hydrated) && (
        <div className="mt-2">
          <label htmlFor="checkout-gift_message" className="mb-1 block text-sm font-semibold text-slate-800">
            {t("checkout.page.gift.message")}
          </label>
          <textarea
            id="checkout-gift_message"
            name="gift_message"
            rows={3}
            maxLength={GIFT_MESSAGE_LIMIT}
            defaultValue={message}
            onChange={(e) => setGiftLength(e.target.value.length)}
            aria-invalid={error ? true : undefined}
            aria-describedby={["checkout-gift-counter", error ? "checkout-gift-error" : ""].filter(Boolean).join(" ")}
            className={`block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs focus:outline-none focus-visible:ring-3 focus-visible:ring-blue-600/60 ${error ? "border-red-700" : "border-slate-400"}`}
          />
          <p id="checkout-gift-counter" className="mt-1 text-right text-sm text-slate-600" aria-live="polite">
            {t("checkout.page.gift.counter", { count: giftLength, max: GIFT_MESSAGE_LIMIT })}
          </p>
          {error && (
            <p id="checkout-gift-error" className="mt-1 text-sm font-medium text-red-800">
              {tKey(t, error)}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
