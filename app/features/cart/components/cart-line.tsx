import { useFetcher } from "react-router";
import { Link, NO_DISCOVERY } from "~/components/router-links";
import { Icon } from "~/components/icons";
import { Price, useFormatPrice } from "~/components/price";
import { useLocalePath, useT } from "~/i18n/use-t";
import { Spinner } from "~/components/ui/spinner";
import { type CartMutationData, resultMessage, useOnSettled } from "./cart-mutation";
import type { CartLineView } from "./cart-view";
import { LineThumb } from "./line-thumb";
import { WHOLESALE_MIN_UNITS } from "../wholesale";

const STEP =
  "flex size-11 items-center justify-center text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent";
const LINK_BUTTON =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:text-slate-400";

/**
 * One cart line (§2.13): image, name linking to the product, variety, brand, colour, stock, city,
 * unit price (wholesale when applied, §9), the quantity stepper (§5: 1 to the stock, all controls
 * disabled while updating), line total, remove and save for later. One fetcher per line: with
 * JavaScript the count changes at once (optimistic, from the posted form) and a removed line
 * disappears; without it each control is a plain form post (`intent` update, remove, save).
 * `onDone` hears a successful remove or save while the page data is read again (the line is still
 * mounted then), so the page can say what happened where a screen reader hears it.
 */
export function CartLineItem({ line, onDone }: { line: CartLineView; onDone?: (result: CartMutationData) => void }) {
  const t = useT();
  const href = useLocalePath();
  const formatPrice = useFormatPrice();
  const fetcher = useFetcher<CartMutationData>();
  const intent = fetcher.formData?.get("intent");
  const busy = fetcher.state !== "idle";
  useOnSettled(fetcher, onDone);
  if (intent === "remove") return null;
  const count = intent === "update" ? Number(fetcher.formData?.get("count")) || line.count : line.count;
  const { product } = line;
  const productHref = href(`/product/${product.id}`);
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;

  return (
    <article
      aria-labelledby={`cart-line-${line.id}`}
      aria-busy={busy || undefined}
      className={`flex gap-3 border-b border-slate-200 py-4 last:border-b-0 sm:gap-4 ${intent === "save" ? "opacity-60" : ""}`}
    >
      <Link
        to={productHref}
        tabIndex={-1}
        aria-hidden="true"
        className="block size-20 shrink-0 overflow-hidden rounded-md bg-slate-50 sm:size-32"
      >
        <LineThumb url={product.imageUrl} />
      </Link>

      <div className="min-w-0 flex-1">
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-between sm:gap-4">
          <div className="min-w-0">
            <h2 id={`cart-line-${line.id}`} className="text-base leading-snug font-semibold text-slate-900">
              <Link
                to={productHref}
                className="hover:text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
              >
                {product.name}
              </Link>
            </h2>
            <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
              {line.variety && <li>{t("cart.line.variety", { variety: line.variety })}</li>}
              {product.brand && <li>{t("cart.line.brand", { brand: product.brand })}</li>}
              {line.color && <li>{t("cart.line.color", { color: line.color })}</li>}
              <li className={product.stock <= 5 ? "font-medium text-amber-800" : "text-emerald-800"}>
                {t("cart.line.stock", { count: product.stock })}
              </li>
              <li>{t("cart.line.location", { city: product.city })}</li>
            </ul>
          </div>
          <div className="sm:text-right">
            <p className="text-sm text-slate-700">
              <span className="sr-only">{t("cart.line.unitPrice")}: </span>
              <Price usd={line.unitPrice} className="text-base font-semibold text-slate-900" />
              {line.unitComparePrice > line.unitPrice && (
                <s className="ml-2 text-xs text-slate-600">
                  <Price usd={line.unitComparePrice} />
                </s>
              )}
            </p>
            {line.wholesaleApplied ? (
              <p className="text-xs font-semibold text-emerald-800">
                {t("cart.line.wholesaleApplied", { min: WHOLESALE_MIN_UNITS })}
              </p>
            ) : (
              product.wholesalePrice !== null && (
                <p className="text-xs text-slate-600">
                  {t("cart.line.wholesaleOffer", {
                    price: formatPrice(product.wholesalePrice),
                    min: WHOLESALE_MIN_UNITS,
                  })}
                </p>
              )
            )}
          </div>
        </div>

        <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <fetcher.Form {...NO_DISCOVERY} method="post" className="flex items-center gap-2">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="lineId" value={line.id} />
            <span className="text-sm text-slate-700" aria-hidden="true">
              {t("cart.line.quantity")}
            </span>
            <div className="flex items-center overflow-hidden rounded-full border border-slate-300">
              <button
                type="submit"
                name="count"
                value={count - 1}
                disabled={busy || count <= 1}
                className={STEP}
                aria-label={t("cart.line.decrease", { name: product.name })}
              >
                <Icon size={18}>
                  <path d="M5 12h14" />
                </Icon>
              </button>
              <output
                aria-live="polite"
                aria-label={t("cart.line.quantity")}
                className="flex h-11 min-w-12 items-center justify-center border-x border-slate-300 px-2 font-semibold"
              >
                {count}
              </output>
              <button
                type="submit"
                name="count"
                value={count + 1}
                disabled={busy || count >= product.stock}
                className={STEP}
                aria-label={t("cart.line.increase", { name: product.name })}
              >
                <Icon size={18}>
                  <path d="M5 12h14" />
                  <path d="M12 5v14" />
                </Icon>
              </button>
            </div>
            {busy && intent === "update" && (
              <span className="flex items-center gap-1 text-xs text-slate-600">
                <Spinner className="size-3.5" />
                {t("cart.line.updating")}
              </span>
            )}
          </fetcher.Form>
          <p className="text-sm text-slate-700">
            {t("cart.line.total")}: <Price usd={line.lineTotal} className="text-base font-bold text-slate-900" />
          </p>
        </div>

        <div className="mt-1 flex flex-wrap items-center gap-x-2">
          <fetcher.Form {...NO_DISCOVERY} method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="lineId" value={line.id} />
            <button
              type="submit"
              disabled={busy}
              className={LINK_BUTTON}
              aria-label={t("cart.line.removeLabel", { name: product.name })}
            >
              {t("cart.line.remove")}
            </button>
          </fetcher.Form>
          <span aria-hidden="true" className="text-slate-300">
            |
          </span>
          <fetcher.Form {...NO_DISCOVERY} method="post">
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="lineId" value={line.id} />
            <button
              type="submit"
              disabled={busy}
              className={LINK_BUTTON}
              aria-label={t("cart.line.saveLabel", { name: product.name })}
            >
              {intent === "save" && <Spinner className="size-3.5" />}
              {t("cart.line.saveForLater")}
            </button>
          </fetcher.Form>
        </div>
        <div role="alert">
          {error && (
            <p className="mt-2 rounded-md border-l-4 border-red-600 bg-red-50 p-2 text-sm font-medium text-red-900">
              {resultMessage(t, error, "cart.errors.generic")}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
