import { useEffect } from "react";
import { type ShouldRevalidateFunction, data, redirect, useLocation } from "react-router";
import { Breadcrumb } from "~/components/breadcrumb";
import { toCardData, truncate } from "~/features/catalog/components/product-card";
import { ProductRow } from "~/features/catalog/components/product-row";
import { recordRecentlyViewed } from "~/features/catalog/components/recently-viewed";
import { useRootData } from "~/components/root-data";
import { metaT, pageMeta, rootDataFromMatches } from "~/components/seo";
import { appContext } from "~/context";
import { getProduct, getRelatedProducts } from "~/features/catalog/catalog.server";
import { ProductBuyBox } from "~/features/catalog/components/product-buy-box";
import { ProductGallery } from "~/features/catalog/components/product-gallery";
import { ProductHeading, ProductPrice } from "~/features/catalog/components/product-info";
import { DeliveryNote } from "~/features/delivery/components/delivery-note";
import { productJsonLd, serializeJsonLd } from "~/features/catalog/components/product-json-ld";
import { ProductOptions } from "~/features/catalog/components/product-options";
import {
  ProductDescription,
  ProductQuestions,
  ProductSpecs,
  ProductTabs,
} from "~/features/catalog/components/product-tabs";
import { readSelection, toProductView } from "~/features/catalog/components/product-view";
import { ReviewsPanel } from "~/features/reviews/components/reviews-panel";
import { isInWishlist } from "~/features/wishlist/wishlist.server";
import { StockAlertForm } from "~/features/stock-alerts/components/stock-alert-form";
import { isStockAlertIntent } from "~/features/stock-alerts/form";
import { runStockAlertForm } from "~/features/stock-alerts/form.server";
import { isSubscribed } from "~/features/stock-alerts/subscriptions.server";
import { requireUser } from "~/features/accounts/require-user.server";
import { flashCookie } from "~/features/accounts/flash.server";
import { isReviewIntent, runReviewIntent } from "~/features/reviews/review-action.server";
import { getOwnReview, getProductReviews, getReviewSummary } from "~/features/reviews/reviews.server";
import { parseReviewListQuery } from "~/features/reviews/schemas";
import type { Language } from "~/i18n/languages";
import { localePath } from "~/i18n/links";
import { notFound, requireLanguage } from "~/i18n/require-language";
import { useLang, useT } from "~/i18n/use-t";
import { STORE_TIME_ZONE } from "~/utils/dates";
import type { Route } from "./+types/product";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/forms.server";
import { parseRowId } from "~/utils/ids";

/** Related products shown: one row of six cards on wide screens. */
const RELATED_LIMIT = 6;

/** A product id as written in URLs: a positive integer without sign, leading zero, decimals or spaces. */
function parseProductId(raw: string | undefined): number | null {
  return raw && raw.trim() === raw ? parseRowId(raw) : null;
}

/** Every visitor may share one rendering of this page (server/page-cache/shared-pages.ts). */
export const handle = { pageCache: "shared" } as const;

/**
 * §2.10 product detail and §2.11 reviews (read side). The product, its review summary and the
 * reviews asked for (`?sort=&rating=`) and the related products are read together; an unknown
 * id is the 404 page. Only what the page renders is sent (product view, card data).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const id = parseProductId(params.productId);
  if (id === null) notFound();
  const { db, user } = context.get(appContext);
  const query = parseReviewListQuery(new URL(request.url).searchParams);
  // §2.10 / §4.4: the heart shows whether the signed-in shopper has saved this product.
  const wishlisted = user
    ? isInWishlist(db, user.id, id).catch((error: unknown) => {
        logger.error({ err: error }, `Product ${id}: could not read the wishlist`);
        return false;
      })
    : false;

  const [product, summary, reviews, ownReview, related] = await Promise.all([
    getProduct(db, id, lang),
    getReviewSummary(db, id),
    getProductReviews(db, id, { ...query, viewerId: user?.id ?? null }),
    // §2.11: the signed-in customer's own review, shown first with edit and delete.
    user ? getOwnReview(db, user.id, id) : null,
    // Awaited with the rest rather than streamed: a streamed section is put in place by an inline
    // script, so without JavaScript (turned off, or a data-saving proxy browser) it would stay a
    // skeleton. The read is small and cached, and runs alongside the others.
    getRelatedProducts(db, id, lang, RELATED_LIMIT).catch((error: unknown) => {
      logger.error({ err: error }, `Product ${id}: could not read related products`);
      return [];
    }),
  ]);
  if (!product) notFound();
  // Back-in-stock alerts (docs/features.md): an out-of-stock product offers its back-in-stock alert.
  const stockAlert =
    product.quantity <= 0
      ? { email: user?.email ?? null, subscribed: user ? await isSubscribed(db, id, user.email) : false }
      : null;

  const formatDate = dateFormatter(lang);
  return {
    product: toProductView(product, lang),
    reviews: {
      summary,
      query,
      items: reviews.map((review) => ({ ...review, date_label: formatDate(review.date_created) })),
      own: ownReview ? { ...ownReview, date_label: formatDate(ownReview.date_created) } : null,
      signedIn: user !== null,
    },
    related: (related ?? []).map(toCardData),
    inWishlist: await wishlisted,
    stockAlert,
  };
}

/**
 * §2.11 review forms (intents `review-create`, `review-update`, `review-delete`), signed-in only
 * (decision “Signed-out visitors go to login at once”: a signed-out post goes to the login page). With JavaScript a fetcher posts here and reads
 * the answer (the loader then reloads the summary and list); without it, success redirects back to
 * the reviews tab with a one-shot alert, and a refusal renders the page with the form and errors.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const id = parseProductId(params.productId);
  if (id === null) notFound();
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (isStockAlertIntent(intent)) {
    const { db, env, user, clientIp } = context.get(appContext);
    return runStockAlertForm({ db, env }, request, { user, lang, productId: id, intent, form: formData, ip: clientIp });
  }
  const user = requireUser(request, context);
  if (!isReviewIntent(intent)) {
    return data({ intent: null, ok: false as const, formError: "reviews.errors.submit" }, { status: 400 });
  }
  const { db } = context.get(appContext);
  const result = await runReviewIntent(db, { userId: user.id, productId: id, intent, formData });
  if (result.data.ok && formData.get("js") !== "1") {
    const back = `${localePath(lang, `/product/${id}`)}?tab=reviews`;
    throw redirect(back, { headers: { "Set-Cookie": flashCookie(request, result.data.message) } });
  }
  return data(result.data, { status: result.status });
}

/** Review dates in the page's language and the store's time zone, written on the server. */
function dateFormatter(lang: Language): (iso: string) => string {
  const format = new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: STORE_TIME_ZONE,
  });
  return (iso) => format.format(new Date(iso));
}

/**
 * Colour, variety, image and tab live in the URL but change nothing the loader reads, so choosing
 * them does not call the server again; only another product or another review filter or order does.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const reviewQuery = (url: URL) => `${url.searchParams.get("sort") ?? ""}|${url.searchParams.get("rating") ?? ""}`;
  return reviewQuery(currentUrl) !== reviewQuery(nextUrl);
};

/** Meta descriptions are cut near the length search engines show. */
const META_DESCRIPTION_CHARS = 155;

export const meta: Route.MetaFunction = (args) => {
  const t = metaT(args);
  const product = args.loaderData?.product;
  if (!product) return pageMeta(args, { title: t("notFound.title"), noIndex: true });
  const root = rootDataFromMatches(args);
  const site = root?.company?.name || t("site.name");
  const text = product.description.replace(/\s+/g, " ").trim();
  const description = text
    ? truncate(text, META_DESCRIPTION_CHARS)
    : t("pdp.meta.description", { name: product.name, site });
  const image = product.images[0] ? `${root?.publicUrl ?? ""}${product.images[0]}` : null;
  return pageMeta(args, { title: product.name, description }).map((tag) => {
    if ("property" in tag && tag.property === "og:type") return { ...tag, content: "product" };
    if ("property" in tag && tag.property === "og:image" && image) return { ...tag, content: image };
    return tag;
  });
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews, related } = loaderData;
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const { publicUrl } = useRootData();
  const selection = readSelection(product, new URLSearchParams(location.search));

  // decision “Home sections”: the browser remembers the products the visitor opened.
  useEffect(() => recordRecentlyViewed(product.id), [product.id]);

  const pagePath = localePath(lang, `/product/${product.id}`);
  const jsonLd = productJsonLd(product, {
    origin: publicUrl,
    url: `${publicUrl}${pagePath}`,
    rating: reviews.summary,
  });
  const loginHref = `${localePath(lang, "/login")}?${new URLSearchParams({ next: `${pagePath}?tab=reviews` })}`;
  const breadcrumb = [
    { label: t("breadcrumb.home"), to: "/" },
    ...(product.parentCategory
      ? [
          { label: product.parentCategory.name, to: `/shop/${product.parentCategory.slug}` },
          { label: product.category.name, to: `/shop/${product.parentCategory.slug}/${product.category.slug}` },
        ]
      : [{ label: product.category.name, to: `/shop/${product.category.slug}` }]),
    { label: truncate(product.name, 40) },
  ];

  return (
    <div className="mx-auto max-w-screen-xl px-3 py-3 sm:px-4 sm:py-5">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(jsonLd) }} />
      <Breadcrumb items={breadcrumb} />

      <div className="grid gap-5 rounded-lg bg-white p-3 shadow-xs sm:p-5 md:grid-cols-2 md:gap-8">
        <div className="md:sticky md:top-4 md:self-start">
          <ProductGallery product={product} selected={selection.image} />
        </div>
        <div className="min-w-0 space-y-5">
          <ProductHeading product={product} rating={reviews.summary} />
          <ProductPrice product={product} />
          <ProductOptions product={product} selection={selection} />
          <ProductBuyBox product={product} selection={selection} inWishlist={loaderData.inWishlist} />
          {loaderData.stockAlert && <StockAlertForm {...loaderData.stockAlert} />}
          <DeliveryNote />
          {product.features.length > 0 && (
            <section aria-labelledby="features-title">
              <h2 id="features-title" className="text-base font-bold text-slate-900">
                {t("pdp.features")}
              </h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800 marker:text-blue-800">
                {product.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>

      <div className="mt-4 space-y-4 sm:mt-6 sm:space-y-6">
        <ProductTabs
          selected={selection.tab}
          tabs={[
            { id: "description", label: t("pdp.tabs.description"), content: <ProductDescription product={product} /> },
            {
              id: "specs",
              label: t("pdp.tabs.specs"),
              content: <ProductSpecs product={product} color={selection.color} />,
            },
            {
              id: "reviews",
              label: t("pdp.tabs.reviews", { count: reviews.summary.count }),
              content: (
                <ReviewsPanel
                  summary={reviews.summary}
                  reviews={reviews.items}
                  own={reviews.own}
                  signedIn={reviews.signedIn}
                  query={reviews.query}
                  loginHref={loginHref}
                />
              ),
            },
            { id: "questions", label: t("pdp.tabs.questions"), content: <ProductQuestions /> },
          ]}
        />
        <ProductRow id="related" title={t("pdp.related")} products={related} />
      </div>
    </div>
  );
}
