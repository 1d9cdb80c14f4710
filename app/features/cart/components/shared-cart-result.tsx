import { LocaleLink } from "~/components/locale-link";
import { useT } from "~/i18n/use-t";
import type { AddAllView } from "./shared-cart-view";

/**
 * Shareable cart (docs/features.md): what "Añadir todo a mi carrito" did, read out where it happened: how many
 * products went into the cart and, one by one, what could not be added and why.
 */
export function AddAllResult({ result }: { result: AddAllView }) {
  const t = useT();
  const ok = result.addedLines > 0;
  return (
    <div
      role={ok ? "status" : "alert"}
      data-add-all-result
      className={`mt-3 rounded-md border p-3 text-sm ${ok ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900"}`}
    >
      <p className="font-semibold">
        {ok ? t("sharedCart.result.added", { count: result.addedLines }) : t("sharedCart.result.none")}
      </p>
      {result.problems.length > 0 && (
        <>
          <p className="mt-1">{t("sharedCart.result.skipped")}</p>
          <ul className="mt-1 list-disc pl-5">
            {result.problems.map((problem) => {
              const name = problem.name ?? t("sharedCart.unavailableName");
              return (
                <li key={problem.productId}>
                  {problem.state === "notEnoughStock"
                    ? t("sharedCart.result.partial", { name, added: problem.added, count: problem.count })
                    : t(`sharedCart.result.${problem.state}`, { name })}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {ok && (
        <LocaleLink
          to="/cart"
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-blue-800 underline focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          {t("sharedCart.viewCart")}
        </LocaleLink>
      )}
    </div>
  );
}
