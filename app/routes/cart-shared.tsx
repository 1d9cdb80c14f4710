import { data } from "react-router";
import { Form } from "~/components/router-links";
import { Breadcrumb } from "~/components/breadcrumb";
import { CartIcon } from "~/components/icons";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { loginRedirect } from "~/features/cart/components/cart-mutation.server";
import { SharedCartLines, SharedTotal } from "~/features/cart/components/shared-cart-lines";
import { AddAllResult } from "~/features/cart/components/shared-cart-result";
import { SHARE_DAYS, toAddAllView, toSharedLineView } from "~/features/cart/components/shared-cart-view";
import { addSharedCart, expiryLabel, readSharedCart, sharedCartPath } from "~/features/cart/shared-cart.server";
import { PRIMARY_ACTION } from "~/features/catalog/components/empty-state";
import { LocaleLink } from "~/components/locale-link";
import { useRootData } from "~/components/root-data";
import { requireLanguage } from "~/i18n/require-language";
import { useT } from "~/i18n/use-t";
import type { Route } from "./+types/cart-shared";

/**
 * Shareable cart (docs/features.md): a cart shared by a link, open to anyone who has it (signed in or not), with
 * today's prices and stock. An unknown link answers 404, an expired one 410, each as a page in the
 * page's language with a way to the shop. Never in the shared page cache (no `handle`): it is
 * one link's page, priced in the visitor's currency.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db } = context.get(appContext);
  const read = await readSharedCart(db, params.token, lang);
  if (read.state === "unknown") return data({ state: "unknown" as const }, { status: 404 });
  if (read.state === "expired") return data({ state: "expired" as const }, { status: 410 });
  const lines = read.lines.map(toSharedLineView);
  return {
    state: "ok" as const,
    expires: expiryLabel(read.expiresAt, lang),
    lines,
    total: lines.reduce((sum, line) => sum + line.lineTotal, 0),
  };
}

/**
 * "Añadir todo a mi carrito", a plain form post: every line in stock goes into the visitor's cart,
 * capped at the stock; the page then says what went in and what could not. Signed out: the login
 * page, then back here.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, user } = context.get(appContext);
  const token = params.token;
  if (!user) return loginRedirect(request, sharedCartPath(lang, encodeURIComponent(token)));
  const result = await addSharedCart(db, user.id, token, lang);
  if (result.state === "unknown") return data({ added: null }, { status: 404 });
  if (result.state === "expired") return data({ added: null }, { status: 410 });
  return { added: toAddAllView(result.lines) };
}

/** One link's page: never indexed (nor its 404 or 410). */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("sharedCart.title"), noIndex: true });

export function headers() {
  return { "X-Robots-Tag": "noindex", "Cache-Control": "private, no-store" };
}

const PRIMARY =
  "inline-flex min-h-12 w-full cursor-pointer items-center justify-center rounded-full bg-amber-400 px-5 font-semibold text-slate-900 shadow-xs hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-600";

export default function SharedCartPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const signedIn = Boolean(useRootData().user);
  if (loaderData.state !== "ok") {
    const key = loaderData.state === "expired" ? "sharedCart.expired" : "sharedCart.unknown";
    return (
      <section className="mx-auto max-w-lg px-4 py-12 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-blue-50 text-blue-900">
          <CartIcon size={28} />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t(`${key}.title`)}</h1>
        <p className="mt-2 text-slate-700">{t(`${key}.text`, { days: SHARE_DAYS })}</p>
        <LocaleLink to="/shop" className={`mt-6 ${PRIMARY_ACTION}`}>
          {t("sharedCart.toShop")}
        </LocaleLink>
      </section>
    );
  }
  const { lines, total, expires } = loaderData;
  const anyAvailable = lines.some((line) => line.available > 0);
  const added = actionData && "added" in actionData ? actionData.added : null;
  return (
    <div className="mx-auto max-w-screen-xl px-3 py-4 sm:px-4 sm:py-6">
      <Breadcrumb items={[{ label: t("breadcrumb.home"), to: "/" }, { label: t("sharedCart.title") }]} />
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{t("sharedCart.title")}</h1>
      <p className="mt-1 text-slate-700">{t("sharedCart.intro")}</p>
      <p className="mt-1 text-sm text-slate-600">{t("sharedCart.expires", { date: expires })}</p>
      {added && <AddAllResult result={added} />}
      <div className="mt-4 grid gap-4 lg:grid-cols-3 lg:items-start lg:gap-6">
        <SharedCartLines lines={lines} />
        <section aria-labelledby="shared-total" className="rounded-lg bg-white p-4 shadow-xs sm:p-5">
          <SharedTotal id="shared-total" total={total} />
          <Form method="post" className="mt-4">
            <button type="submit" className={PRIMARY} disabled={!anyAvailable}>
              {t("sharedCart.addAll")}
            </button>
          </Form>
          <p className="mt-2 text-xs text-slate-600">
            {anyAvailable ? t("sharedCart.addAllHint") : t("sharedCart.noneAvailable")}
            {anyAvailable && !signedIn ? ` ${t("sharedCart.signInHint")}` : ""}
          </p>
        </section>
      </div>
    </div>
  );
}
