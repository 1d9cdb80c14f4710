import { Price } from "~/components/price";
import { Link } from "~/components/router-links";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { SharedLineView } from "./shared-cart-view";
import { LineThumb } from "./line-thumb";

/** Shareable cart (docs/features.md): the shared cart's lines, each with today's price and stock said plainly. */
export function SharedCartLines({ lines }: { lines: SharedLineView[] }) {
  const t = useT();
  return (
    <section aria-label={t("sharedCart.lines")} className="rounded-lg bg-white px-3 shadow-xs sm:px-5 lg:col-span-2">
      {lines.map((line, at) => (
        <SharedLineItem key={`${line.productId}-${line.color}-${line.variety}-${at}`} line={line} at={at} />
      ))}
    </section>
  );
}

function StockNote({ line }: { line: SharedLineView }) {
  const t = useT();
  if (line.state === "inStock") return <li className="text-emerald-800">{t("sharedCart.state.inStock")}</li>;
  const text =
    line.state === "notEnoughStock"
      ? t("sharedCart.state.notEnoughStock", { available: line.available, count: line.count })
      : t(`sharedCart.state.${line.state}`);
  return <li className="font-semibold text-red-800">{text}</li>;
}

function SharedLineItem({ line, at }: { line: SharedLineView; at: number }) {
  const t = useT();
  const href = useLocalePath();
  const id = `shared-line-${at}`;
  return (
    <article aria-labelledby={id} className="flex gap-3 border-b border-slate-200 py-4 last:border-b-0 sm:gap-4">
      <span className="block size-20 shrink-0 overflow-hidden rounded-md bg-slate-50 sm:size-28">
        <LineThumb url={line.imageUrl} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h2 id={id} className="text-base leading-snug font-semibold text-slate-900">
            {line.name === null ? (
              t("sharedCart.unavailableName")
            ) : (
              <Link
                to={href(`/product/${line.productId}`)}
                className="hover:text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
              >
                {line.name}
              </Link>
            )}
          </h2>
          <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
            {line.variety && <li>{t("cart.line.variety", { variety: line.variety })}</li>}
            {line.color && <li>{t("cart.line.color", { color: line.color })}</li>}
            <li data-shared-count>{t("sharedCart.quantity", { count: line.count })}</li>
            <StockNote line={line} />
          </ul>
        </div>
        {line.name !== null && (
          <dl className="text-sm sm:text-right">
            <dt className="sr-only">{t("sharedCart.unitPrice")}</dt>
            <dd className="text-base font-semibold text-slate-900" data-unit-price>
              <Price usd={line.unitPrice} />
            </dd>
            <dt className="sr-only">{t("sharedCart.lineTotal")}</dt>
            <dd className="text-slate-700">
              <Price usd={line.lineTotal} />
            </dd>
          </dl>
        )}
      </div>
    </article>
  );
}

/** The total of the shared lines at today's prices. */
export function SharedTotal({ id, total }: { id: string; total: number }) {
  const t = useT();
  return (
    <p className="flex justify-between gap-3 text-base">
      <span id={id} className="font-bold text-slate-900">
        {t("sharedCart.total")}
      </span>
      <Price usd={total} className="font-bold text-slate-900" />
    </p>
  );
}
