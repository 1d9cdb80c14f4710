import type { ReactNode } from "react";
import { Form } from "~/components/router-links";
import { useT } from "~/i18n/use-t";
import { KeepParams } from "./product-url-state";
import type { ProductSelection, ProductView } from "./product-view";

/**
 * §2.10 colour swatches (only when the product has several colours) and variety buttons, the
 * first of each preselected. Each group is a GET form of toggle buttons (`aria-pressed`): the
 * choice goes into the URL (`?color=Rojo&variety=M`) so it works without JavaScript and can be
 * shared; with JavaScript the router applies it in place, without a reload or a server call.
 */
export function ProductOptions({ product, selection }: { product: ProductView; selection: ProductSelection }) {
  const t = useT();
  const showColors = product.colors.length > 1;
  const showVarieties = product.varieties.length > 0;
  if (!showColors && !showVarieties) return null;
  return (
    <div className="space-y-4">
      {showColors && (
        <OptionGroup id="color" label={t("pdp.color")} value={selection.color ?? ""}>
          {product.colors.map((color) => {
            const pressed = color.name === selection.color;
            return (
              <button
                key={color.name}
                type="submit"
                name="color"
                value={color.name}
                aria-pressed={pressed}
                title={color.name}
                className={`flex size-11 items-center justify-center rounded-full border-2 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
                  pressed ? "border-blue-700" : "border-transparent hover:border-slate-300"
                }`}
              >
                <span
                  aria-hidden="true"
                  className="block size-8 rounded-full border border-slate-900/20"
                  style={{ backgroundColor: color.hex }}
                />
                <span className="sr-only">{color.name}</span>
              </button>
            );
          })}
        </OptionGroup>
      )}
      {showVarieties && (
        <OptionGroup id="variety" label={t("pdp.variety")} value={selection.variety ?? ""}>
          {product.varieties.map((variety) => {
            const pressed = variety === selection.variety;
            return (
              <button
                key={variety}
                type="submit"
                name="variety"
                value={variety}
                aria-pressed={pressed}
                className={`min-h-11 min-w-11 rounded-md border px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
                  pressed
                    ? "border-blue-700 bg-blue-50 font-semibold text-blue-900 ring-1 ring-blue-700"
                    : "border-slate-300 bg-white text-slate-800 hover:border-slate-500"
                }`}
              >
                {variety}
              </button>
            );
          })}
        </OptionGroup>
      )}
    </div>
  );
}

/** A labelled group of toggle buttons that submits `?{id}=value`, keeping the other choices. */
function OptionGroup({
  id,
  label,
  value,
  children,
}: {
  id: "color" | "variety";
  label: string;
  value: string;
  children: ReactNode;
}) {
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="mb-1.5 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{label}:</span> {value}
      </p>
      <Form method="get" replace preventScrollReset className="flex flex-wrap gap-2">
        <KeepParams except={[id]} />
        {children}
      </Form>
    </div>
  );
}
