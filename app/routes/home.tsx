import type { ShouldRevalidateFunction } from "react-router";
import { CategoryCard } from "~/features/catalog/components/category-cards";
import {
  FALLBACK_SLIDE_COUNT,
  HeroCarousel,
  startingSlide,
  toSlideView,
} from "~/features/content/components/hero-carousel";
import { HeadsetIcon, ShieldCheckIcon, TruckIcon } from "~/components/icons";
import { toCardData } from "~/features/catalog/components/product-card";
import { ProductRow, Section } from "~/features/catalog/components/product-row";
import { RecentlyViewed } from "~/features/catalog/components/recently-viewed";
import { useRootData } from "~/components/root-data";
import { metaT, pageMeta, rootDataFromMatches } from "~/components/seo";
import { appContext } from "~/context";
import { getBestsellers, getDeals, getLatestProducts } from "~/features/catalog/catalog.server";
import { getSlides } from "~/features/content/content.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLang, useT } from "~/i18n/use-t";
import type { Route } from "./+types/home";
import { logger } from "~/utils/logger.server";

/** §2.5 / §9: home sections show 6 products. */
const SECTION_SIZE = 6;

/** Every visitor may share one rendering of this page (server/page-cache/shared-pages.ts). */
export const handle = { pageCache: "shared" } as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db } = context.get(appContext);
  const [slides, newArrivals, bestSellers, deals] = await Promise.all([
    getSlides(db, lang).catch((error: unknown) => {
      logger.error({ err: error }, "Home: could not read slides");
      return [];
    }),
    getLatestProducts(db, { lang, limit: SECTION_SIZE }),
    getBestsellers(db, { lang, limit: SECTION_SIZE }),
    getDeals(db, { lang, limit: SECTION_SIZE }),
  ]);
  const userAgent = request.headers.get("User-Agent");
  return {
    slides: slides.map((slide) => toSlideView(slide, lang, userAgent)),
    // §2.5: a starting slide that changes every hour, the same on every host (the page's ETag too);
    // picked here so that the browser hydrates the same one.
    start: startingSlide(slides.length || FALLBACK_SLIDE_COUNT, new Date()),
    newArrivals: newArrivals.map(toCardData),
    bestSellers: bestSellers.map(toCardData),
    deals: deals.map(toCardData),
  };
}

/** Nothing on the home page depends on a mutation made from it (newsletter, currency). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams }) =>
  currentParams.lang !== nextParams.lang;

export const meta: Route.MetaFunction = (args) => {
  const t = metaT(args);
  const name = rootDataFromMatches(args)?.company?.name || t("site.name");
  return pageMeta(args, { title: t("home.title", { name }), fullTitle: true });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { categories, company } = useRootData();
  const name = company?.name || t("site.name");

  return (
    <>
      <h1 className="sr-only">{t("home.heading", { name })}</h1>
      <HeroCarousel slides={loaderData.slides} start={loaderData.start} lang={lang} />

      <div className="mx-auto max-w-screen-2xl space-y-4 px-3 pt-4 sm:space-y-6 sm:px-4 sm:pt-6">
        {categories.length > 0 && (
          <section aria-labelledby="categories-title">
            <h2 id="categories-title" className="panel-title mb-3">
              {t("home.categories.title")}
            </h2>
            <ul className="no-scrollbar relative -mx-3 grid auto-cols-[15rem] grid-flow-col gap-3 overflow-x-auto px-3 pb-1 sm:mx-0 sm:grid-flow-row sm:grid-cols-2 sm:overflow-visible sm:px-0 lg:grid-cols-5">
              {categories.map((category) => (
                <li key={category.slug}>
                  <CategoryCard category={category} />
                </li>
              ))}
            </ul>
          </section>
        )}

        <ProductRow
          id="new-arrivals"
          title={t("home.newArrivals.title")}
          products={loaderData.newArrivals}
          seeAllTo="/home-products/new-arrivals"
        />
        <ProductRow
          id="best-sellers"
          title={t("home.bestSellers.title")}
          products={loaderData.bestSellers}
          seeAllTo="/home-products/best-sellers"
        />

        <ServiceBlurbs />

        <ProductRow id="deals" title={t("home.deals.title")} products={loaderData.deals} />
        <RecentlyViewed />
      </div>
    </>
  );
}

/** §2.5 three service blurbs; free shipping from $50 with standard delivery (decision “Free standard shipping”). */
function ServiceBlurbs() {
  const t = useT();
  const items = [
    { Icon: TruckIcon, title: t("home.services.shipping.title"), text: t("home.services.shipping.text") },
    { Icon: ShieldCheckIcon, title: t("home.services.quality.title"), text: t("home.services.quality.text") },
    { Icon: HeadsetIcon, title: t("home.services.support.title"), text: t("home.services.support.text") },
  ];
  return (
    <Section id="services" title={t("home.services.label")}>
      <ul className="grid gap-3 sm:grid-cols-3">
        {items.map(({ Icon, title, text }) => (
          <li key={title} className="flex items-start gap-3 rounded-md bg-blue-50 p-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-900 text-white">
              <Icon size={20} />
            </span>
            <div>
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="text-sm text-slate-700">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
