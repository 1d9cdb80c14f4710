import { type FocusEvent, useEffect, useState } from "react";
import { Link } from "~/components/router-links";
import type { SlideDto } from "~/features/catalog/types";
import { imageSrc, imageSrcSet } from "~/features/media/images";
import { useImageUrls } from "~/features/media/use-image-urls";
import type { TFunction } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { languageOfPath, localePath } from "~/i18n/links";
import { useT } from "~/i18n/use-t";
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon, WhatsappIcon } from "~/components/icons";
import { SaverImg } from "~/components/saver-img";

/** §9: the carousel advances every 10 seconds. */
export const CAROUSEL_INTERVAL_MS = 10_000;
/** §2.5: two static slides (fashion; home and garden) when the server has none. */
export const FALLBACK_SLIDE_COUNT = 2;
const SLIDE_WIDTHS = [480, 640, 960, 1200];
const SLIDE_SIZES = "100vw";

/** A slide as the page needs it; links are resolved on the server (user agent, language). */
export type SlideView = {
  id: number;
  title: string;
  subtitle: string;
  image_url: string;
  href: string | null;
  /** An app link or a full URL: a plain `<a>`, not a client-side navigation. */
  external: boolean;
  /** `https://wa.me/<digits>?text=<message>` when the slide has a WhatsApp button. */
  whatsapp: string | null;
};

const MOBILE_APP_AGENT = /iPhone|iPad|iPod|Android/i;

/**
 * §2.5: a slide links to its app link on iPhone, iPad, iPod and Android when it has one, else to
 * its web link (a site path gets the language prefix); a WhatsApp slide gets a wa.me link.
 */
export function toSlideView(slide: SlideDto, lang: Language, userAgent: string | null): SlideView {
  let href: string | null = null;
  let external = false;
  const link = slide.link?.trim();
  if (slide.app_link && userAgent && MOBILE_APP_AGENT.test(userAgent)) {
    href = slide.app_link;
    external = true;
  } else if (link && /^[a-z][a-z\d+.-]*:/i.test(link)) {
    href = link;
    external = true;
  } else if (link) {
    const path = link.startsWith("/") ? link : `/${link}`;
    href = languageOfPath(path) ? path : localePath(lang, path);
  }
  const digits = slide.phone_number.replace(/\D/g, "");
  const message = slide.whatsapp_message.trim();
  const whatsapp =
    slide.has_whatsapp && digits
      ? `https://wa.me/${digits}${message ? `?text=${encodeURIComponent(message)}` : ""}`
      : null;
  return {
    id: slide.id,
    title: slide.title,
    subtitle: slide.subtitle,
    image_url: slide.image_url,
    href,
    external,
    whatsapp,
  };
}

function fallbackSlides(t: TFunction, lang: Language): SlideView[] {
  return [
    {
      id: -1,
      title: t("home.slide.fashion.title"),
      subtitle: t("home.slide.fashion.subtitle"),
      image_url: "/images/slide-fashion.svg",
      href: localePath(lang, "/shop"),
      external: false,
      whatsapp: null,
    },
    {
      id: -2,
      title: t("home.slide.home.title"),
      subtitle: t("home.slide.home.subtitle"),
      image_url: "/images/slide-home.svg",
      href: localePath(lang, "/shop"),
      external: false,
      whatsapp: null,
    },
  ];
}

function slideImageProps(url: string, base: string) {
  const srcSet = imageSrcSet(url, SLIDE_WIDTHS, base);
  // The static fallback art is SVG: imageSrcSet gives "" and the one file serves every width.
  return srcSet ? { src: imageSrc(url, 640, base), srcSet, sizes: SLIDE_SIZES } : { src: url };
}

/**
 * §2.5's random starting slide, picked by the hour rather than per render: each hour starts on
 * another slide, and every app process renders the same one meanwhile, so a cached home page has
 * one ETag on every host and revalidating across hosts answers 304. A cached
 * page lived up to PAGE_CACHE_MAX_AGE_MS anyway, showing its one start to every visitor.
 */
export function startingSlide(count: number, now: Date): number {
  if (count <= 1) return 0;
  const hour = Math.floor(now.getTime() / 3_600_000);
  return (Math.imul(hour, 2_654_435_761) >>> 0) % count;
}

/**
 * §2.5 hero carousel (WAI-ARIA APG carousel pattern). Starts on the slide the server picked (so
 * hydration matches), advances every 10 s, pauses on hover and focus and with the pause button,
 * and never moves on its own under prefers-reduced-motion.
 */
export function HeroCarousel({ slides, start, lang }: { slides: SlideView[]; start: number; lang: Language }) {
  const t = useT();
  const { base: mediaBase } = useImageUrls();
  const list = slides.length > 0 ? slides : fallbackSlides(t, lang);
  const count = list.length;
  const first = Math.min(Math.max(0, start), count - 1);
  const [index, setIndex] = useState(first);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  /** The visitor's explicit choice with the pause/play button; null until they press it. */
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  // Only the starting slide is in the server's HTML (the others are hidden, and only JavaScript
  // can show them): the rest render once hydrated, so the first HTML stays small.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  const playing = count > 1 && (playChoice ?? !reducedMotion);
  const moving = playing && !hovered && !focused;

  useEffect(() => {
    if (!moving) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [moving, index, count]);

  const go = (i: number) => setIndex((i + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      aria-roledescription={t("home.carousel.roledescription")}
      aria-label={t("home.carousel.label")}
      className="relative overflow-hidden bg-blue-950"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div aria-live={moving ? "off" : "polite"}>
        {list.map((slide, i) =>
          !hydrated && i !== first ? null : (
            <div
              key={slide.id}
              role="group"
              aria-roledescription={t("home.carousel.slide")}
              aria-label={t("home.carousel.slideOf", { n: i + 1, total: count })}
              hidden={i !== index}
              className="relative h-52 sm:h-72 lg:h-96"
            >
              <SaverImg
                {...slideImageProps(slide.image_url, mediaBase)}
                alt=""
                width={640}
                height={320}
                loading={i === first ? "eager" : "lazy"}
                fetchPriority={i === first ? "high" : undefined}
                decoding={i === first ? "sync" : "async"}
                className="absolute inset-0 h-full w-full object-cover"
              />
              <div className="absolute inset-0 bg-gradient-to-r from-slate-950/85 via-slate-950/55 to-transparent" />
              <div className="relative mx-auto flex h-full max-w-screen-2xl flex-col justify-center px-14 py-6 sm:px-20">
                <h2 className="max-w-md text-xl leading-tight font-extrabold text-white sm:text-3xl lg:text-4xl">
                  {slide.title}
                </h2>
                {slide.subtitle && (
                  <p className="mt-1.5 line-clamp-2 max-w-md text-sm text-slate-100 sm:mt-2 sm:text-lg">
                    {slide.subtitle}
                  </p>
                )}
                <div className="mt-3 flex flex-wrap gap-2 sm:mt-5">
                  {slide.href && <SlideLink slide={slide} label={t("home.carousel.shopNow")} />}
                  {slide.whatsapp && (
                    <a
                      href={slide.whatsapp}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex min-h-11 items-center gap-2 rounded-md bg-[#25D366] px-4 text-sm font-semibold text-slate-950 hover:bg-[#1fb959] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                    >
                      <WhatsappIcon size={18} />
                      {t("home.carousel.whatsapp")}
                    </a>
                  )}
                </div>
              </div>
            </div>
          ),
        )}
      </div>

      {count > 1 && (
        <>
          <button type="button" onClick={() => go(index - 1)} className={`left-1 sm:left-3 ${ARROW}`}>
            <ChevronLeftIcon size={24} />
            <span className="sr-only">{t("home.carousel.previous")}</span>
          </button>
          <button type="button" onClick={() => go(index + 1)} className={`right-1 sm:right-3 ${ARROW}`}>
            <ChevronRightIcon size={24} />
            <span className="sr-only">{t("home.carousel.next")}</span>
          </button>
          <div className="absolute inset-x-0 bottom-1 flex items-center justify-center gap-1">
            <button
              type="button"
              onClick={() => setPlayChoice(!playing)}
              className="flex size-8 items-center justify-center rounded-full text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
            >
              {playing ? <PauseIcon size={14} /> : <PlayIcon size={14} />}
              <span className="sr-only">{playing ? t("home.carousel.pause") : t("home.carousel.play")}</span>
            </button>
            {list.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                onClick={() => go(i)}
                aria-current={i === index ? "true" : undefined}
                className="dot"
              >
                {/* Styled from the button's class (app.css): one of these per slide. */}
                <span />
                <span className="sr-only">{t("home.carousel.goTo", { n: i + 1 })}</span>
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

const ARROW =
  "absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-slate-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

const CTA =
  "inline-flex min-h-11 items-center rounded-md bg-amber-400 px-5 text-sm font-semibold text-slate-950 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

function SlideLink({ slide, label }: { slide: SlideView; label: string }) {
  if (!slide.href) return null;
  const name = <span className="sr-only">: {slide.title}</span>;
  if (slide.external) {
    return (
      <a href={slide.href} className={CTA}>
        {label}
        {name}
      </a>
    );
  }
  return (
    <Link to={slide.href} className={CTA}>
      {label}
      {name}
    </Link>
  );
}
